/**
 * check-gift-code: body {code}, from anyone (the publishable key: registration in gift mode). Answers
 * {status}: ok | not_found | claimed | unavailable | expired. Only for a code that can be claimed
 * now (ok) it adds {gift}: the deceased's and recipient's names, the purchaser's name, the plan,
 * and whether the caller bought it; the code's holder may claim that book, so may read these.
 * Each check is recorded and limited per client address (as the platform's edge saw it) and,
 * for a signed-in caller, per user: 10 unknown codes in 15 minutes lock for 15 minutes (429).
 */
import { serviceClient, verifiedUserClaims } from '../_shared/clients/clients.ts'
import { HttpError, clientAddress, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema } from '../../../contracts/check-gift-code.ts'

const LOCKED = 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות'

/** What the claim screen shows of a claimable gift. */
async function giftDetails(service: ReturnType<typeof serviceClient>, code: string, userId: string | null) {
  const { data, error } = await service
    .from('memory_books')
    .select('full_name, gift_recipient_name, purchaser_name, plan_type, purchaser_user_id')
    .eq('gift_code', code)
    .single()
  if (error) throw new Error(`gift details: ${error.message}`)
  return {
    deceased_name: data.full_name,
    recipient_name: data.gift_recipient_name,
    purchaser_name: data.purchaser_name,
    plan_type: data.plan_type,
    bought_by_you: userId !== null && data.purchaser_user_id === userId,
  }
}

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const body = await parseBody(req, bodySchema)
    const userId = (await verifiedUserClaims(req, service))?.sub ?? null
    const { data, error } = await service.rpc('check_gift_code_from', {
      client_ip: clientAddress(req),
      code: body.code,
      attempt_user: userId,
    })
    if (error) throw new Error(`check_gift_code_from: ${error.message}`)
    if (data === 'locked') throw new HttpError(429, LOCKED, 'gift_check_locked')
    if (data !== 'ok') return jsonResponse({ status: data })
    return jsonResponse({ status: data, gift: await giftDetails(service, body.code, userId) })
  }),
)
