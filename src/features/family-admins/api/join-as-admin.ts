import { useMutation } from '@tanstack/react-query'
import { invokeEdgeFunction } from '@/lib/edge-functions'

export interface JoinInput {
  token: string
  bookId: string
  familyCode: string
}

export interface JoinAnswer {
  book_id: string
  book_uuid: string
  message: string
}

/** join-as-admin: the signed-in caller becomes a confirmed family admin (refusals: EdgeFunctionError). */
function joinAsAdmin({ token, bookId, familyCode }: JoinInput): Promise<JoinAnswer> {
  return invokeEdgeFunction<JoinAnswer>('join-as-admin', { token, book_id: bookId, family_code: familyCode })
}

export function useJoinAsAdmin() {
  return useMutation({ mutationFn: joinAsAdmin })
}
