/**
 * reminder-subscribe: body {book_ref, email}. Anyone (anon key) subscribes an address to a book's
 * yahrzeit and shloshim reminders, with the consent wording of _shared/mail/reminder-mail.ts stored.
 * The address gets a confirmation e-mail (double opt-in) unless the caller is signed in with that
 * very address, confirmed: then it is subscribed at once and gets a welcome e-mail. Either way the
 * answer is {ok: true, status: 'check_email' | 'subscribed'}, and an address already subscribed
 * gets no e-mail, so the answer tells no one who is subscribed. 3 requests per mailbox (`+tags`
 * and Gmail's dots folded) an hour, 100 per client address and 300 per book (its uuid, however
 * the link named it), then 429; 404 for an unknown book.
 */
import { resolveBookId } from '../_shared/books/book-ref.ts'
import { serviceClient } from '../_shared/clients/clients.ts'
import { siteUrl } from '../_shared/clients/env.ts'
import { HttpError, clientAddress, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { MailError, sendMail } from '../_shared/mail/mail.ts'
import { deceasedGenderOfBook } from '../_shared/mail/book-gender.ts'
import { messages } from '../../../contracts/messages.ts'
import { optionalCaller } from '../_shared/clients/optional-caller.ts'
import { mailboxKey } from '../_shared/mail/mailbox.ts'
import { requireWithinLimits, type RateLimit } from '../_shared/http/rate-limit.ts'
import { REMINDER_CONSENT_TEXT, confirmationMail, welcomeMail } from '../_shared/mail/reminder-mail.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema, type ReminderSubscription } from '../../../contracts/reminder-subscribe.ts'
import { jsonbAnswer } from '../_shared/clients/jsonb.ts'

/** A shiva house's relatives share one address: 100 an hour there; the mailbox and the book limit abuse. */
const SUBSCRIBES_PER_ADDRESS: RateLimit = { scope: 'reminder_address', maxHits: 100, windowSeconds: 60 * 60 }
const SUBSCRIBES_PER_MAILBOX: RateLimit = { scope: 'reminder_mailbox', maxHits: 3, windowSeconds: 60 * 60 }
const SUBSCRIBES_PER_BOOK: RateLimit = { scope: 'reminder_book', maxHits: 300, windowSeconds: 60 * 60 }

interface Subscription {
  outcome: 'confirm' | 'subscribed' | 'already' | 'book_not_found'
  short_code: string
  full_name: string
  confirm_token?: string
  unsubscribe_token?: string
}

Deno.serve(
  handleRequest(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, messages.invalidBody, 'method_not_allowed')
    const { book_ref: bookRef, email } = await parseBody(req, bodySchema)
    const service = serviceClient()
    const bookId = await resolveBookId(service, bookRef)
    await requireWithinLimits(service, [
      { limit: SUBSCRIBES_PER_MAILBOX, client: mailboxKey(email) },
      { limit: SUBSCRIBES_PER_ADDRESS, client: clientAddress(req) },
      ...(bookId ? [{ limit: SUBSCRIBES_PER_BOOK, client: bookId }] : []),
    ])
    if (!bookId) throw new HttpError(404, messages.bookNotFound, 'book_not_found')
    const caller = await optionalCaller(req, service)
    const proven = caller?.confirmedEmail === email
    const { data, error } = await service.rpc('reminder_subscribe', {
      book_ref: bookId,
      address: email,
      consent: REMINDER_CONSENT_TEXT,
      address_proven: proven,
    })
    if (error) throw new Error(`reminder_subscribe: ${error.message}`)
    const subscription = jsonbAnswer<Subscription>(data)
    if (subscription.outcome === 'book_not_found') throw new HttpError(404, messages.bookNotFound, 'book_not_found')
    const book = {
      shortCode: subscription.short_code,
      fullName: subscription.full_name,
      gender: await deceasedGenderOfBook(service, bookId),
    }
    const site = siteUrl()
    try {
      if (subscription.outcome === 'confirm') {
        await sendMail(
          confirmationMail(email, book, {
            site,
            confirmToken: subscription.confirm_token!,
            unsubscribeToken: subscription.unsubscribe_token!,
          }),
        )
      } else if (subscription.outcome === 'subscribed') {
        await sendMail(welcomeMail(email, book, { site, unsubscribeToken: subscription.unsubscribe_token! }))
      }
    } catch (mailError) {
      if (!(mailError instanceof MailError)) throw mailError
      console.error(mailError)
      throw new HttpError(502, messages.mailFailed, 'mail_failed')
    }
    return jsonResponse({ ok: true, status: proven ? 'subscribed' : 'check_email' } satisfies ReminderSubscription)
  }),
)
