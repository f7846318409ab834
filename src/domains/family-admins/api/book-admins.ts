import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import type { Database } from '@contracts/database.ts'
import { toRefusal } from '@/lib/refusal'
import { familyAdminKeys } from './family-admin-keys'

/** A confirmed admin or an invitation of a book (list_book_admins). */
export type BookAdmin = Database['public']['Functions']['list_book_admins']['Returns'][number]

export interface CreatedInvitation {
  id: string
  token: string
  expires_at: string
  book_id: string
  family_code: string | null
}

/** The book's admins and open invitations; refused (42501) unless the caller manages the book. */
async function fetchBookAdmins(bookUuid: string, signal: AbortSignal): Promise<BookAdmin[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('list_book_admins', { book: bookUuid }).abortSignal(signal)
  if (error) throw toRefusal(error)
  return data
}

export function useBookAdmins(bookUuid: string) {
  return useQuery(
    queryOptions({
      queryKey: familyAdminKeys.admins(bookUuid),
      queryFn: ({ signal }) => fetchBookAdmins(bookUuid, signal),
    }),
  )
}

async function createAdminInvitation(input: {
  bookUuid: string
  adminName: string
  contact: string
}): Promise<CreatedInvitation> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('create_admin_invitation', {
    book: input.bookUuid,
    admin_name: input.adminName,
    contact: input.contact,
  })
  if (error) throw toRefusal(error)
  return data as unknown as CreatedInvitation
}

export interface RenewedInvitation {
  id: string
  token: string
  expires_at: string
  book_id: string
  admin_name: string
}

/** A fresh link for an open or expired invitation (the owner's or a platform admin's); the old link stops working. */
async function renewInvitationLink(invitationId: string): Promise<RenewedInvitation> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('renew_admin_invitation_link', { invitation_id: invitationId })
  if (error) throw toRefusal(error)
  return data as unknown as RenewedInvitation
}

async function cancelInvitation(invitationId: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('cancel_admin_invitation', { invitation_id: invitationId })
  if (error) throw toRefusal(error)
}

/** Removes a confirmed admin: their access ends with this statement. */
async function removeAdmin(adminId: string): Promise<void> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.from('book_admins').delete().eq('id', adminId).select('id')
  if (error) throw toRefusal(error)
  if (data.length === 0) throw new Error('nothing removed')
}

function useRefreshingMutation<Input, Output>(bookUuid: string, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyAdminKeys.admins(bookUuid) }),
  })
}

export function useCreateAdminInvitation(bookUuid: string) {
  return useRefreshingMutation(bookUuid, createAdminInvitation)
}

export function useRenewInvitationLink(bookUuid: string) {
  return useRefreshingMutation(bookUuid, renewInvitationLink)
}

export function useCancelInvitation(bookUuid: string) {
  return useRefreshingMutation(bookUuid, cancelInvitation)
}

export function useRemoveAdmin(bookUuid: string) {
  return useRefreshingMutation(bookUuid, removeAdmin)
}
