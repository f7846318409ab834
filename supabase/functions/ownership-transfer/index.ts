/**
 * ownership-transfer: the three steps of handing a book to someone else, each decided by the
 * database as the caller (their token, auth.uid()), with the e-mails around them.
 * - {action: 'invite', book_id, invitee_email} (the owner or a platform admin) →
 *   {id, token, expires_at, short_code, link}; the invitee is e-mailed the link (valid 7 days).
 * - {action: 'register', invite_token} (the invitee: the account that held the invited address,
 *   confirmed, when the invitation was made, whatever its address now; else an account signed in
 *   with the invited address) → {book_id, short_code, message}; the request waits for the owner,
 *   who is e-mailed.
 * - {action: 'decide', request_id, approve} (the owner or a platform admin) → {status}; on
 *   approval the book moves to the invitee's account (its confirmed address now, not the address
 *   invited) and the previous owner stays a family admin; both are e-mailed (a declined invitee
 *   too), the invitee at the account's address.
 * Refusals: 401/403 without a confirmed session or for someone else's book, 400 with the Hebrew
 * message, 404/409/410/403 for an unknown, used, expired or other-address transfer link.
 */
import type { z } from 'zod'
import {
  callerClient,
  requireCaller,
  serviceClient,
  type Caller,
  type ServiceClient,
} from '../_shared/clients/clients.ts'
import { siteUrl } from '../_shared/clients/env.ts'
import { bookFacts, deceasedOf, type BookFacts } from '../_shared/books/family-admins.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { refuseWithDatabaseError } from '../_shared/refusals/database-refusal.ts'
import { mailQuietly, mailText, sendMail } from '../_shared/mail/mail.ts'
import { framedMail, type MailContent } from '../_shared/mail/frame.ts'
import { dashboardLink, viewBookLink } from '../_shared/mail/links.ts'
import { mailStrings } from '../_shared/mail/strings.ts'
import { messages } from '../../../contracts/messages.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema } from '../../../contracts/ownership-transfer.ts'
import { compositeAnswer, jsonbAnswer } from '../_shared/clients/jsonb.ts'

type Body = z.output<typeof bodySchema>

const t = mailStrings.ownership

/** What register_ownership_transfer answers when the request waits for the owner; every refusal it raises. */
interface Registered {
  message: string
  book_id: string
  short_code: string
}

/** The caller as the other party's e-mail names them (a name they wrote themselves, made mail-safe). */
function nameOf(caller: Caller): string {
  return mailText(caller.fullName) || caller.email
}

function transferLink(site: string, token: string, shortCode: string, ownerName: string): string {
  const query = new URLSearchParams({
    ownership_transfer: 'true',
    invite_token: token,
    book: shortCode,
    owner_name: ownerName,
  })
  return `${site}/login?${query.toString()}`
}

async function invite(req: Request, service: ServiceClient, caller: Caller, body: Extract<Body, { action: 'invite' }>) {
  const { data, error } = await callerClient(req).rpc('create_ownership_transfer', {
    book: body.book_id,
    invitee_email: body.invitee_email,
  })
  if (error) refuseWithDatabaseError('create_ownership_transfer', error)
  const created = jsonbAnswer<{ id: string; token: string; expires_at: string; short_code: string }>(data)
  const link = transferLink(siteUrl(), created.token, created.short_code, nameOf(caller))
  const book = await bookFacts(service, body.book_id)
  const name = book?.full_name ?? ''
  await mailQuietly(() =>
    sendBookMail(book, {
      to: body.invitee_email.toLowerCase(),
      subject: t.inviteSubject(name),
      title: t.inviteTitle,
      blocks: [t.invite(nameOf(caller), name), t.inviteHow],
      action: { label: t.accept, href: link },
      notes: [t.inviteValidity],
    }),
  )
  return jsonResponse({ ...created, link })
}

async function register(req: Request, service: ServiceClient, caller: Caller, token: string) {
  const { data, error } = await callerClient(req).rpc('register_ownership_transfer', { invite_token: token })
  if (error) refuseWithDatabaseError('register_ownership_transfer', error)
  const result = compositeAnswer<Registered>(data)
  const book = await bookFacts(service, result.book_id)
  if (book?.owner_email) {
    await mailQuietly(() =>
      sendBookMail(book, {
        to: book.owner_email!,
        subject: t.requestSubject(book.full_name),
        title: t.requestTitle,
        blocks: [t.request(`${nameOf(caller)} (${caller.email})`, book.full_name), t.requestHow],
        action: { label: mailStrings.links.toDashboard, href: dashboardLink(siteUrl(), book.id) },
      }),
    )
  }
  return jsonResponse({ book_id: result.book_id, short_code: result.short_code, message: result.message })
}

async function decide(req: Request, service: ServiceClient, body: Extract<Body, { action: 'decide' }>) {
  const { data: request, error: readError } = await service
    .from('ownership_transfer_requests')
    .select('book_id, invitee_email, invitee_user_id')
    .eq('id', body.request_id)
    .maybeSingle()
  if (readError) throw new Error(`ownership_transfer_requests: ${readError.message}`)
  const before = request ? await bookFacts(service, request.book_id) : null
  const { data, error } = await callerClient(req).rpc('decide_ownership_transfer', {
    request_id: body.request_id,
    approve: body.approve,
  })
  if (error) refuseWithDatabaseError('decide_ownership_transfer', error)
  if (request && before) {
    const invitee = await inviteeAddress(service, request)
    if (invitee) await mailQuietly(() => tellOutcome(before, invitee, body.approve))
  }
  return jsonResponse({ status: data })
}

interface TransferParties {
  invitee_email: string
  invitee_user_id: string | null
}

/**
 * Where the invitee is written to: their account's confirmed address as it is now (the book went
 * to the account), never the address invited once an account answered; null for an account gone.
 */
async function inviteeAddress(service: ServiceClient, request: TransferParties): Promise<string | null> {
  if (!request.invitee_user_id) return request.invitee_email
  const { data } = await service.auth.admin.getUserById(request.invitee_user_id)
  const account = data?.user
  return account?.email && account.email_confirmed_at ? account.email.toLowerCase() : null
}

/** An e-mail about `book`, in the frame, with the book's name in its header. */
function sendBookMail(book: BookFacts | null, mail: Omit<MailContent, 'site' | 'deceased'>): Promise<void> {
  return sendMail(framedMail({ ...mail, deceased: book && deceasedOf(book), site: siteUrl() }))
}

async function tellOutcome(book: BookFacts, invitee: string, approved: boolean) {
  const site = siteUrl()
  if (!approved) {
    await sendBookMail(book, {
      to: invitee,
      subject: t.declinedSubject(book.full_name),
      title: t.declinedTitle,
      blocks: [t.declined(book.full_name)],
    })
    return
  }
  await sendBookMail(book, {
    to: invitee,
    subject: t.approvedSubject(book.full_name),
    title: t.approvedTitle,
    blocks: [t.approved(book.full_name)],
    action: { label: mailStrings.links.toDashboard, href: dashboardLink(site, book.id) },
  })
  if (book.owner_email) {
    await sendBookMail(book, {
      to: book.owner_email,
      subject: t.handedSubject(book.full_name),
      title: t.handedTitle,
      blocks: [t.handed(book.full_name, invitee), t.stayAdmin],
      action: { label: mailStrings.links.toBook, href: viewBookLink(site, book.short_code) },
    })
  }
}

Deno.serve(
  handleRequest(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, messages.invalidBody, 'method_not_allowed')
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const body = await parseBody(req, bodySchema)
    if (body.action === 'invite') return invite(req, service, caller, body)
    if (body.action === 'register') return register(req, service, caller, body.invite_token)
    return decide(req, service, body)
  }),
)
