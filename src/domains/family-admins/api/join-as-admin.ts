import { useMutation, useQuery } from '@tanstack/react-query'
import { invokeEdgeFunction } from '@/lib/edge-functions'

export interface JoinInput {
  token: string
  bookId: string
}

export interface JoinAnswer {
  book_id: string
  book_uuid: string
  message: string
}

/** join-as-admin: the signed-in caller becomes a confirmed family admin (refusals: EdgeFunctionError). */
function joinAsAdmin({ token, bookId }: JoinInput): Promise<JoinAnswer> {
  return invokeEdgeFunction<JoinAnswer>('join-as-admin', { token, book_id: bookId })
}

export interface InvitationStatus {
  /** open, or why the link cannot be used: invitation_not_found | _cancelled | _used | _expired. */
  status: string
  message: string
}

/** The state of a link's invitation, asked before any sign-up (join-as-admin answers anyone holding the link). */
function fetchInvitationStatus({ token, bookId }: JoinInput): Promise<InvitationStatus> {
  return invokeEdgeFunction<InvitationStatus>('join-as-admin', { token, book_id: bookId, status_only: true })
}

export function useInvitationStatus(invitation: JoinInput) {
  return useQuery({
    queryKey: ['family-admins', 'invitation-status', invitation.token, invitation.bookId],
    queryFn: () => fetchInvitationStatus(invitation),
    staleTime: Infinity,
  })
}

export function useJoinAsAdmin() {
  return useMutation({ mutationFn: joinAsAdmin })
}
