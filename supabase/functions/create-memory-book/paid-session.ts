/**
 * The payment a book is created against: a payment_sessions row of the caller, for_me, paid and
 * not yet used. A checkout whose callback has not arrived yet is confirmed with the payment
 * provider directly and recorded the same way the callback would.
 */
import type { Caller, ServiceClient } from '../_shared/clients/clients.ts'
import { HttpError } from '../_shared/http/http.ts'
import { messages } from '../../../contracts/messages.ts'
import { confirmWithProvider } from '../_shared/payments/payment-sessions.ts'
import type { PlanType } from '../../../contracts/plans.ts'

export interface PaymentSession {
  session_id: string
  user_id: string | null
  plan_type: PlanType
  recipient_type: 'for_me' | 'gift'
  status: 'created' | 'paid' | 'expired' | 'refunded' | 'failed'
  used_by_book: string | null
  /** Set when a book was made with it; stays set after that book is deleted. */
  used_at: string | null
}

async function loadSession(service: ServiceClient, sessionId: string): Promise<PaymentSession | null> {
  const { data, error } = await service
    .from('payment_sessions')
    .select('session_id, user_id, plan_type, recipient_type, status, used_by_book, used_at')
    .eq('session_id', sessionId)
    .maybeSingle()
  if (error) throw new Error(`payment_sessions: ${error.message}`)
  // plan_type and the other enumerated columns are text with a check constraint: the schema types them as string.
  return data as PaymentSession | null
}

export async function requireSpendableSession(
  service: ServiceClient,
  caller: Caller,
  sessionId: string,
): Promise<PaymentSession> {
  const session = await loadSession(service, sessionId)
  if (!session) throw new HttpError(404, messages.sessionNotFound, 'session_not_found')
  if (session.user_id !== caller.id) throw new HttpError(403, messages.sessionNotOwned, 'session_not_owned')
  if (session.recipient_type !== 'for_me') throw new HttpError(422, messages.sessionIsGift, 'session_is_gift')
  if (session.used_by_book || session.used_at)
    throw new HttpError(409, messages.sessionAlreadyUsed, 'session_already_used')
  if (session.status === 'created') {
    if (!(await confirmWithProvider(service, sessionId))) {
      throw new HttpError(402, messages.paymentNotCompleted, 'payment_not_completed')
    }
    return { ...session, status: 'paid' }
  }
  if (session.status !== 'paid') throw new HttpError(402, messages.paymentNotValid, 'payment_not_valid')
  return session
}

/** Marks the session spent by `bookId` (the unique session_id on the book is the real guard). */
export async function markSessionUsed(service: ServiceClient, sessionId: string, bookId: string): Promise<void> {
  const { error } = await service
    .from('payment_sessions')
    .update({ used_by_book: bookId, used_at: new Date().toISOString() })
    .eq('session_id', sessionId)
    .is('used_at', null)
  if (error) throw new Error(`payment_sessions: ${error.message}`)
}
