import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import { readPendingOwnershipTransfer } from '@/domains/family-admins/ownership-transfer/pending-ownership-transfer'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'
import { familyAdminKeys } from '@/domains/family-admins/api/family-admin-keys'

export interface TransferRequest {
  id: string
  book_id: string
  invitee_email: string
  status: 'pending_registration' | 'registered_waiting_approval' | 'approved' | 'declined'
  created_at: string
  expires_at: string
}

const columns = 'id, book_id, invitee_email, status, created_at, expires_at'
const openStatuses = ['pending_registration', 'registered_waiting_approval']

/** The book's open requests (the owner and platform admins read them). */
async function fetchBookTransfers(bookId: string, signal: AbortSignal): Promise<TransferRequest[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('ownership_transfer_requests')
    .select(columns)
    .eq('book_id', bookId)
    .in('status', openStatuses)
    .order('created_at', { ascending: false })
    .abortSignal(signal)
  if (error) throw toRefusal(error)
  return data as TransferRequest[]
}

export function useBookTransfers(bookId: string) {
  return useQuery(
    queryOptions({
      queryKey: familyAdminKeys.transfersOfBook(bookId),
      queryFn: ({ signal }) => fetchBookTransfers(bookId, signal),
    }),
  )
}

/** The requests the signed-in invitee registered for and that wait for the owner. */
async function fetchMyWaitingTransfers(userId: string, signal: AbortSignal): Promise<TransferRequest[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('ownership_transfer_requests')
    .select(columns)
    .eq('invitee_user_id', userId)
    .eq('status', 'registered_waiting_approval')
    .order('created_at', { ascending: false })
    .abortSignal(signal)
  if (error) throw toRefusal(error)
  return data as TransferRequest[]
}

export function useMyWaitingTransfers(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: familyAdminKeys.transfersWaitingFor(userId),
      queryFn: ({ signal }) => fetchMyWaitingTransfers(userId, signal),
    }),
  )
}

function useTransferMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: familyAdminKeys.transfers() })
    },
  })
}

export function useInviteTransfer() {
  return useTransferMutation((input: { bookId: string; email: string }) =>
    invokeEdgeFunction('ownership-transfer', {
      action: 'invite',
      book_id: input.bookId,
      invitee_email: input.email,
    }),
  )
}

export function registerTransfer(token: string) {
  return invokeEdgeFunction('ownership-transfer', {
    action: 'register',
    invite_token: token,
  })
}

export function useDecideTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { requestId: string; approve: boolean }) =>
      invokeEdgeFunction('ownership-transfer', {
        action: 'decide',
        request_id: input.requestId,
        approve: input.approve,
      }),
    // An approved transfer changes whose book it is: every book query refreshes.
    onSettled: () => queryClient.invalidateQueries(),
  })
}

export function useWithdrawTransfer() {
  return useTransferMutation(async (requestId: string) => {
    const supabase = await getSupabase()
    const { data, error } = await supabase.from('ownership_transfer_requests').delete().eq('id', requestId).select('id')
    if (error) throw toRefusal(error)
    if (data.length === 0) throw new Error('nothing withdrawn')
  })
}

/** Whether the signed-in user waits for a transfer (the dashboard then shows no welcome screen). */
export function useWaitsForTransfer(userId: string): boolean {
  const waiting = useMyWaitingTransfers(userId)
  return (waiting.data?.length ?? 0) > 0 || readPendingOwnershipTransfer() !== null
}
