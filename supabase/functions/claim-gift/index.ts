/**
 * claim-gift: body {gift_code}, from a signed-in user with a confirmed e-mail. The comparison,
 * the recorded attempt and the per-user limit (10 unknown codes in 15 minutes) are one
 * service-role call, claim_gift_as(). Answers {book_id, book_uuid, message}; a refusal is its
 * Hebrew message with 404 (unknown), 409 (claimed), 410 (cancelled, replaced, expired) or 429.
 * The purchaser is told by e-mail.
 */
import { z } from 'zod'
import { requireCaller, serviceClient } from '../_shared/clients.ts'
import { mailQuietly, sendGiftClaimedNotice, statusOf } from '../_shared/gifts.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http.ts'
import { parseBody } from '../_shared/validation.ts'

const codeRequired = 'נא להזין קוד מתנה'
const bodySchema = z.object({
  gift_code: z
    .string({ error: codeRequired })
    .trim()
    .min(1, { error: codeRequired })
    .max(40, { error: 'נא לבדוק את הקוד שקיבלת שנית' }),
})

interface ClaimResult {
  ok: boolean
  reason: string
  message: string
  book_uuid: string | null
  book_id: string | null
}

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const body = await parseBody(req, bodySchema)
    const { data, error } = await service.rpc('claim_gift_as', { claimer: caller.id, gift_code: body.gift_code })
    if (error) throw new Error(`claim_gift_as: ${error.message}`)
    const result = data as ClaimResult
    if (!result.ok) throw new HttpError(statusOf(result.reason), result.message, result.reason)
    if (result.reason === 'claimed') await mailQuietly(() => sendGiftClaimedNotice(service, result.book_uuid!))
    return jsonResponse({ book_id: result.book_id, book_uuid: result.book_uuid, message: result.message })
  }),
)
