/**
 * join-as-admin: body {token, book_ref} (the book's uuid or short code), from a signed-in user with a confirmed e-mail. The
 * invitation's token alone identifies it (a family code renewed after the invitation leaves it
 * valid; a family_code still sent by an older link is ignored): unknown 404, used 409, expired
 * or cancelled 410, the owner's own book or a second join 409, else the caller becomes a
 * confirmed family admin. Every refusal writes nothing. Answers {book_id, short_code, message};
 * the owner is told by e-mail. {token, book_ref, status_only: true}, from anyone holding the link
 * (no session needed), answers only {status, message} of the invitation (admin_invitation_status)
 * and writes nothing: the page says a used, cancelled or unknown link before any sign-up.
 */
import { requireCaller, serviceClient, type Caller, type ServiceClient } from '../_shared/clients/clients.ts'
import { siteUrl } from '../_shared/clients/env.ts'
import { bookFacts, deceasedOf } from '../_shared/books/family-admins.ts'
import { handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { mailQuietly, mailText, sendMail } from '../_shared/mail/mail.ts'
import { framedMail } from '../_shared/mail/frame.ts'
import { mailStrings } from '../_shared/mail/strings.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema } from '../../../contracts/join-as-admin.ts'
import { compositeAnswer } from '../_shared/clients/jsonb.ts'
import { refuseWithDatabaseError } from '../_shared/refusals/database-refusal.ts'

const t = mailStrings.familyAdmins

/** What join_book_as_admin answers when the caller joined; every refusal it raises. */
interface Joined {
  message: string
  book_id: string
  short_code: string
}

async function joinThroughInvitation(
  service: ServiceClient,
  args: { token: string; book_ref: string; member: string },
): Promise<Joined> {
  const { data, error } = await service.rpc('join_book_as_admin', args)
  if (error) refuseWithDatabaseError('join_book_as_admin', error)
  return compositeAnswer<Joined>(data)
}

async function invitationStatus(service: ServiceClient, token: string, bookRef: string): Promise<unknown> {
  const { data, error } = await service.rpc('admin_invitation_status', { token, book_ref: bookRef })
  if (error) throw new Error(`admin_invitation_status: ${error.message}`)
  return data
}

async function tellOwner(service: ServiceClient, bookId: string, caller: Caller): Promise<void> {
  const book = await bookFacts(service, bookId)
  if (!book?.owner_email) return
  const name = mailText(caller.fullName)
  const who = name ? `${name} (${caller.email})` : caller.email
  const site = siteUrl()
  await sendMail(
    framedMail({
      to: book.owner_email,
      subject: t.joinedSubject(book.full_name),
      title: t.joinedTitle,
      deceased: deceasedOf(book),
      blocks: [t.joined(who, book.full_name), t.whatAdminsDo],
      action: { label: t.manageAdmins, href: `${site}/add-family-admin?book=${book.id}` },
      reason: t.ownerReason,
      site,
    }),
  )
}

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const body = await parseBody(req, bodySchema)
    if (body.status_only) return jsonResponse(await invitationStatus(service, body.token, body.book_ref))
    const caller = await requireCaller(req, service)
    const args = { token: body.token, book_ref: body.book_ref, member: caller.id }
    const joined = await joinThroughInvitation(service, args)
    await mailQuietly(() => tellOwner(service, joined.book_id, caller))
    return jsonResponse({ book_id: joined.book_id, short_code: joined.short_code, message: joined.message })
  }),
)
