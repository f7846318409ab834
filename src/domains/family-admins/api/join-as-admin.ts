import { useMutation, useQuery } from '@tanstack/react-query'
import type { InvitationStatus, JoinedAsAdmin } from '@contracts/join-as-admin.ts'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import { familyAdminKeys } from './family-admin-keys'

export interface JoinInput {
  token: string
  /** The book as the invitation link names it: its uuid or its short code. */
  bookRef: string
}

/** join-as-admin: the signed-in caller becomes a confirmed family admin (refusals: Refusal). */
function joinAsAdmin({ token, bookRef }: JoinInput): Promise<JoinedAsAdmin> {
  return invokeEdgeFunction('join-as-admin', { token, book_ref: bookRef })
}

/** The state of a link's invitation, asked before any sign-up (join-as-admin answers anyone holding the link). */
function fetchInvitationStatus({ token, bookRef }: JoinInput, signal: AbortSignal): Promise<InvitationStatus> {
  return invokeEdgeFunction('join-as-admin', { token, book_ref: bookRef, status_only: true }, { signal })
}

export function useInvitationStatus(invitation: JoinInput) {
  return useQuery({
    queryKey: familyAdminKeys.invitationStatus(invitation.token, invitation.bookRef),
    queryFn: ({ signal }) => fetchInvitationStatus(invitation, signal),
    staleTime: Infinity,
  })
}

export function useJoinAsAdmin() {
  return useMutation({ mutationFn: joinAsAdmin })
}
