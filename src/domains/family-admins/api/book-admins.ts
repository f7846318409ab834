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
  /** The book's short code. */
  short_code: string
  family_code: string | null
}

/** The book's admins and open invitations; refused (42501) unless the caller manages the book. */
async function fetchBookAdmins(bookId: string, signal: AbortSignal): Promise<BookAdmin[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('list_book_admins', { book: bookId }).abortSignal(signal)
  if (error) throw toRefusal(error)
  return data
}

export function useBookAdmins(bookId: string) {
  return useQuery(
    queryOptions({
      queryKey: familyAdminKeys.admins(bookId),
      queryFn: ({ signal }) => fetchBookAdmins(bookId, signal),
    }),
  )
}

async function createAdminInvitation(input: {
  bookId: string
  adminName: string
  contact: string
}): Promise<CreatedInvitation> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('create_admin_invitation', {
    book: input.bookId,
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
  /** The book's short code. */
  short_code: string
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

function useRefreshingMutation<Input, Output>(bookId: string, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyAdminKeys.admins(bookId) }),
  })
}

export function useCreateAdminInvitation(bookId: string) {
  return useRefreshingMutation(bookId, createAdminInvitation)
}

export function useRenewInvitationLink(bookId: string) {
  return useRefreshingMutation(bookId, renewInvitationLink)
}

export function useCancelInvitation(bookId: string) {
  return useRefreshingMutation(bookId, cancelInvitation)
}

export function useRemoveAdmin(bookId: string) {
  return useRefreshingMutation(bookId, removeAdmin)
}
