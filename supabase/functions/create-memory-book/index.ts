/**
 * create-memory-book: body {session_id, full_name, creator_name, birth_date?, death_date?,
 * died_after_sunset?, memory_quote?, profile_image_url?} or {session_id, book_id} (paying for an existing book), from
 * a signed-in user with a confirmed e-mail. Only a paid, unused, for_me payment session of this
 * caller buys a book — a provider's paid checkout or a redeemed 100% coupon (`free_coupon_…`);
 * the client's word (paid=true, free=true, plan_type, owner_email, payment_status) is ignored.
 * The owner is the caller's confirmed e-mail, the plan is the session's. The session is then
 * spent. Answers {id, short_code, family_access_code, plan_type}.
 */
import { z } from 'zod'
import { requireCaller, serviceClient, type Caller } from '../_shared/clients/clients.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { messages } from '../../../contracts/messages.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { insertPaidBook, payExistingBook } from './books.ts'
import { markSessionUsed, requireSpendableSession } from './paid-session.ts'
import { body as bodySchema, type BookDetails } from '../../../contracts/create-memory-book.ts'

/** Profile pictures come from the caller's own folder of the memory-images bucket. */
function requireOwnProfileImage(url: string | null, caller: Caller): void {
  if (!url) return
  const ownFolder = `/storage/v1/object/public/memory-images/profiles/${caller.id}/`
  let path: string
  try {
    path = new URL(url).pathname
  } catch {
    throw new HttpError(400, messages.invalidImage, 'book_image_url_invalid')
  }
  if (!path.startsWith(ownFolder) || path.slice(ownFolder.length).includes('/')) {
    throw new HttpError(400, messages.invalidImage, 'book_image_url_invalid')
  }
}

/** The new book's fields; the schema has already required both names when no book_id is given. */
function bookDetails(body: z.output<typeof bodySchema>): BookDetails {
  return {
    full_name: body.full_name ?? '',
    creator_name: body.creator_name ?? '',
    birth_date: body.birth_date,
    death_date: body.death_date,
    died_after_sunset: body.died_after_sunset ?? false,
    deceased_gender: body.deceased_gender ?? null,
    memory_quote: body.memory_quote,
    profile_image_url: body.profile_image_url,
  }
}

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const body = await parseBody(req, bodySchema)
    requireOwnProfileImage(body.profile_image_url, caller)
    const session = await requireSpendableSession(service, caller, body.session_id)

    const book = body.book_id
      ? await payExistingBook(service, caller, session, body.book_id)
      : await insertPaidBook(service, caller, session, bookDetails(body))
    await markSessionUsed(service, session.session_id, book.id)
    return jsonResponse(book)
  }),
)
