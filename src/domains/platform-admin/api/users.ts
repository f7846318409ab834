import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import { getSupabase } from '@/lib/supabase'
import type { Database } from '@contracts/database.ts'
import { toRefusal } from '@/lib/refusal'
import { platformAdminKeys } from './platform-admin-keys'

export type AdminUserRow = Database['public']['Functions']['admin_search_users']['Returns'][number]

export const USERS_PAGE_SIZE = 20

async function fetchUserPage(
  search: string,
  page: number,
  signal: AbortSignal,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .rpc('admin_search_users', {
      search: search.trim() || undefined,
      page_size: USERS_PAGE_SIZE,
      page_offset: page * USERS_PAGE_SIZE,
    })
    .abortSignal(signal)
  if (error) throw toRefusal(error)
  return { rows: data, total: data[0]?.total_count ?? 0 }
}

export function useUserPage(search: string, page: number) {
  return useQuery({
    queryKey: platformAdminKeys.userPage(search, page),
    queryFn: ({ signal }) => fetchUserPage(search, page, signal),
    placeholderData: keepPreviousData,
  })
}

/** reset-user-password: the temporary password the server set, shown once. */
async function resetUserPassword(userEmail: string): Promise<string> {
  const answer = await invokeEdgeFunction('reset-user-password', { userEmail })
  return answer.temporaryPassword
}

export function useResetUserPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetUserPassword,
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformAdminKeys.users() }),
  })
}

/**
 * delete-account for a user who asked by e-mail: their books deleted, their details erased from
 * what stays (payments, the security log), the auth user removed; the address gets a last e-mail.
 */
async function deleteUserAccount(email: string): Promise<void> {
  await invokeEdgeFunction('delete-account', { email })
}

export function useDeleteUserAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUserAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformAdminKeys.users() }),
  })
}
