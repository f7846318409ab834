/**
 * Writing the book a payment buys: a new book owned by the caller, or an existing book of the
 * caller that is unpaid (or on a lower plan) becoming paid on the session's plan. The book's
 * unique session_id makes a second use of one session fail (23505 → 409), even when two
 * requests race.
 */
import type { Caller, ServiceClient } from '../_shared/clients/clients.ts'
import { HttpError } from '../_shared/http/http.ts'
import { type DatabaseError, refuseWithDatabaseError } from '../_shared/refusals/database-refusal.ts'
import { messages } from '../../../contracts/messages.ts'
import type { BookDetails, CreatedBook } from '../../../contracts/create-memory-book.ts'
import { isHigherPlan, type PlanType } from '../../../contracts/plans.ts'
import type { PaymentSession } from './paid-session.ts'

const RETURNED_COLUMNS = 'id, short_code, family_access_code, plan_type'

/** A second use of one session is a 409; the book's own rules refuse as the database says. */
function failure(error: DatabaseError): never {
  if (error.code === '23505') throw new HttpError(409, messages.sessionAlreadyUsed, 'session_already_used')
  refuseWithDatabaseError('memory_books', error)
}

export async function insertPaidBook(
  service: ServiceClient,
  caller: Caller,
  session: PaymentSession,
  details: BookDetails,
): Promise<CreatedBook> {
  const { data, error } = await service
    .from('memory_books')
    .insert({
      ...details,
      owner_email: caller.email,
      purchaser_user_id: caller.id,
      purchaser_name: caller.fullName ?? details.creator_name,
      plan_type: session.plan_type,
      payment_status: 'paid',
      session_id: session.session_id,
    })
    .select(RETURNED_COLUMNS)
    .single()
  if (error) failure(error)
  // The onboarding answers were for this book; the next book the caller opens starts empty.
  const { error: onboardingError } = await service.from('onboarding_data').delete().eq('user_id', caller.id)
  if (onboardingError) console.error('onboarding_data cleanup failed', onboardingError.message)
  // plan_type and the other enumerated columns are text with a check constraint: the schema types them as string.
  return data as CreatedBook
}

interface ExistingBook {
  id: string
  is_paid: boolean
  plan_type: PlanType
}

/** Pays for the caller's existing book: unpaid → paid on the session's plan, or a paid book moved up to a higher plan. */
export async function payExistingBook(
  service: ServiceClient,
  caller: Caller,
  session: PaymentSession,
  bookId: string,
): Promise<CreatedBook> {
  const { data: book, error: readError } = await service
    .from('memory_books')
    .select('id, is_paid, plan_type')
    .eq('id', bookId)
    .eq('owner_email', caller.email)
    .maybeSingle()
  if (readError) throw new Error(`memory_books: ${readError.message}`)
  if (!book) throw new HttpError(404, messages.bookNotFound, 'book_not_found')
  // plan_type and the other enumerated columns are text with a check constraint: the schema types them as string.
  const existing = book as ExistingBook
  if (existing.is_paid && !isHigherPlan(session.plan_type, existing.plan_type)) {
    throw new HttpError(409, messages.bookAlreadyPaid, 'book_already_paid')
  }
  const { data, error } = await service
    .from('memory_books')
    .update({
      plan_type: session.plan_type,
      payment_status: 'paid',
      session_id: session.session_id,
    })
    .eq('id', existing.id)
    .select(RETURNED_COLUMNS)
    .single()
  if (error) failure(error)
  // plan_type and the other enumerated columns are text with a check constraint: the schema types them as string.
  return data as CreatedBook
}
