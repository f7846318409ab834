/**
 * check-gift-code: body {code}, from anyone (the publishable key: registration in gift mode). Answers
 * {status}: ok | not_found | claimed | unavailable | expired, and never any data of the book.
 * Each check is recorded and limited per client address (as the platform's edge saw it) and,
 * for a signed-in caller, per user: 10 unknown codes in 15 minutes lock for 15 minutes (429).
 */
import { z } from 'zod'
import { serviceClient, verifiedUserClaims } from '../_shared/clients.ts'
import { HttpError, clientAddress, handleRequest, jsonResponse } from '../_shared/http.ts'
import { parseBody } from '../_shared/validation.ts'

const bodySchema = z.object({ code: z.string().max(40).default('') })
const LOCKED = 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות'

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const body = await parseBody(req, bodySchema)
    const { data, error } = await service.rpc('check_gift_code_from', {
      client_ip: clientAddress(req),
      code: body.code,
      attempt_user: (await verifiedUserClaims(req, service))?.sub ?? null,
    })
    if (error) throw new Error(`check_gift_code_from: ${error.message}`)
    if (data === 'locked') throw new HttpError(429, LOCKED, 'gift_check_locked')
    return jsonResponse({ status: data })
  }),
)
