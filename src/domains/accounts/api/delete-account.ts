import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AccountDeleted } from '@contracts/delete-account.ts'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import { getSupabase } from '@/lib/supabase'

export interface AccountDeletion {
  /** The e-mail the user typed to confirm. */
  email: string
  /** Book uuid → the book_admins row of the family admin who receives it; other owned books are deleted. */
  handOver: Record<string, string>
}

/**
 * Deletes the signed-in user's account through delete-account: their books deleted or handed
 * over, their details erased, the auth user removed.
 */
function deleteAccount({ email, handOver }: AccountDeletion): Promise<AccountDeleted> {
  return invokeEdgeFunction('delete-account', { email, hand_over: handOver })
}

/**
 * The account is gone: `leave` drops this browser's session (whatever the server says of it) and
 * every cached answer; the screen then moves to a public page, as signing out does.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  const mutation = useMutation({ mutationFn: deleteAccount })
  const leave = async () => {
    const supabase = await getSupabase()
    await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined)
    queryClient.clear()
  }
  return { ...mutation, leave }
}
