/**
 * The type test of the calls to edge functions, checked by `npm run typecheck` and never run:
 * every `@ts-expect-error` line is a call with a wrong body or a misread answer that tsc must
 * refuse. Should a contract or invokeEdgeFunction's typing loosen (a body of
 * Record<string, unknown>, an answer of any), the directive stands over a line that compiles,
 * and tsc fails on it.
 */
import { invokeEdgeFunction, invokePublicFunction } from './edge-functions'
import { refusalReason } from './refusal'

const session = { id: 'visitor-session-0001', token: 'visitor-token-00001' }

async function wrongBodies(): Promise<void> {
  // @ts-expect-error a field no body of delete-book has
  await invokeEdgeFunction('delete-book', { book_id: 'b', id: 'b' })
  // @ts-expect-error a required field missing
  await invokeEdgeFunction('delete-book', {})
  // @ts-expect-error a field of the wrong type
  await invokeEdgeFunction('claim-gift', { gift_code: 42 })
  // @ts-expect-error a function without a contract
  await invokeEdgeFunction('no-such-function', {})
  // @ts-expect-error an action support-chat does not know
  await invokeEdgeFunction('support-chat', { action: 'close', session })
  // @ts-expect-error a rating without its session
  await invokeEdgeFunction('support-chat', { action: 'rate', rating: 5 })
  // @ts-expect-error create-memory-book's details without the session that pays for them
  await invokeEdgeFunction('create-memory-book', { book_id: 'b' })
  // @ts-expect-error family-access is asked with a code, never with a password
  await invokePublicFunction('family-access', { book_ref: 'b', password: 'x' })
}

async function misreadAnswers(): Promise<string[]> {
  const deleted = await invokeEdgeFunction('delete-book', { book_id: 'b' })
  // @ts-expect-error delete-book answers no short_code
  const uuid: string = deleted.short_code
  // @ts-expect-error an amount in agorot is a number
  const refunded: string = deleted.refunded_agorot

  const reply = await invokeEdgeFunction('support-chat', { action: 'ask', text: 'question', session: null })
  const rated = await invokeEdgeFunction('support-chat', { action: 'rate', session, rating: 5, resolved: true })
  // @ts-expect-error a rating is answered without a chat answer
  const ratedAnswer: string = rated.answer

  const invitation = await invokeEdgeFunction('join-as-admin', { token: 't', book_ref: 'b', status_only: true })
  // @ts-expect-error the invitation's state names no book
  const invitedBook: string = invitation.short_code
  const joined = await invokeEdgeFunction('join-as-admin', { token: 't', book_ref: 'b' })
  // @ts-expect-error joining answers no invitation state
  const joinedStatus: string = joined.status

  const renewed = await invokePublicFunction('family-access', { renew_token: 't' })
  // @ts-expect-error a renewal answers the new code, not an access grant
  const grant: string = renewed.access_grant

  return [uuid, refunded, reply.answer, ratedAnswer, invitedBook, joined.short_code, joinedStatus, grant]
}

function misreadRefusals(error: unknown): boolean {
  // @ts-expect-error claim-gift never refuses with a coupon's reason
  return refusalReason(error, 'claim-gift') === 'coupon_expired'
}

export const callTypeChecks = [wrongBodies, misreadAnswers, misreadRefusals]
