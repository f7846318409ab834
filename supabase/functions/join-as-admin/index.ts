/**
 * join-as-admin: body {token, family_code, book_id}, from a signed-in user with a confirmed
 * e-mail. The invitation is checked first (unknown 404, used 409, expired or cancelled 410, the
 * owner's own book or a second join 409), then the family code with the attempt limits of every
 * family-code gate (wrong 403, locked 429), then the caller becomes a confirmed family admin.
 * Every refusal writes nothing but the counted code attempt. Answers {book_id, book_uuid,
 * message}; the owner is told by e-mail.
 */
import { z } from 'zod'
import { requireCaller, serviceClient, type Caller, type ServiceClient } from '../_shared/clients.ts'
import { siteUrl } from '../_shared/env.ts'
import { checkFamilyCode, clientAddress } from '../_shared/family-code.ts'
import { bookFacts, mailQuietly, sendPlainMail, statusOfRefusal } from '../_shared/family-admins.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http.ts'
import { mailText } from '../_shared/mail.ts'
import { parseBody } from '../_shared/validation.ts'

const invalidLink = 'קישור ההזמנה אינו תקין. בקשו מבעל הספר קישור חדש'
const codeRequired = 'אנא הזינו את הקוד המשפחתי'
const bodySchema = z.object({
  token: z.string({ error: invalidLink }).trim().min(1, { error: invalidLink }).max(200, { error: invalidLink }),
  book_id: z.string({ error: invalidLink }).trim().min(1, { error: invalidLink }).max(100, { error: invalidLink }),
  family_code: z
    .string({ error: codeRequired })
    .trim()
    .min(1, { error: codeRequired })
    .max(40, { error: codeRequired }),
})

interface ActionResult {
  ok: boolean
  reason: string
  message: string
  book_uuid: string | null
  book_id: string | null
}

async function invitationCall(
  service: ServiceClient,
  name: 'check_admin_invitation' | 'join_book_as_admin',
  args: { token: string; book_ref: string; member: string },
): Promise<ActionResult> {
  const { data, error } = await service.rpc(name, args)
  if (error) throw new Error(`${name}: ${error.message}`)
  const result = data as ActionResult
  if (!result.ok) throw new HttpError(statusOfRefusal(result.reason), result.message, result.reason)
  return result
}

async function tellOwner(service: ServiceClient, bookUuid: string, caller: Caller): Promise<void> {
  const book = await bookFacts(service, bookUuid)
  if (!book?.owner_email) return
  const name = mailText(caller.fullName)
  const who = name ? `${name} (${caller.email})` : caller.email
  await sendPlainMail({
    to: book.owner_email,
    subject: `מנהל/ת משפחה חדש/ה בספר הזיכרון לזכר ${book.full_name}`,
    lines: [
      `${who} הצטרף/ה כמנהל/ת משפחה של ספר הזיכרון לזכר ${book.full_name}.`,
      'מנהלי משפחה צופים בספר ומוסיפים זיכרונות. אם זו טעות, אפשר להסיר אותם בכל עת.',
    ],
    link: { label: 'ניהול המנהלים:', href: `${siteUrl()}/add-family-admin?book_id=${book.id}` },
  })
}

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const body = await parseBody(req, bodySchema)
    const args = { token: body.token, book_ref: body.book_id, member: caller.id }
    await invitationCall(service, 'check_admin_invitation', args)
    const code = await checkFamilyCode(service, body.book_id, body.family_code, clientAddress(req), {
      reader: caller.id,
      invited: true,
    })
    if (!code.ok) throw new HttpError(statusOfRefusal(code.reason), code.message, code.reason)
    const joined = await invitationCall(service, 'join_book_as_admin', args)
    await mailQuietly(() => tellOwner(service, joined.book_uuid!, caller))
    return jsonResponse({ book_id: joined.book_id, book_uuid: joined.book_uuid, message: joined.message })
  }),
)
