/**
 * resend-gift: body {gift_id}, from the gift's purchaser. A pending gift gets a new code valid 30
 * days (the old one is replaced and no longer claims it). Answers {new_gift_code, gift}; another
 * user's gift is 404, a gift that is not pending 409, nothing changed.
 */
import { requireCaller, serviceClient } from '../_shared/clients/clients.ts'
import { refuseWithDatabaseError } from '../_shared/refusals/database-refusal.ts'
import type { GiftSummary } from '../../../contracts/gift-common.ts'
import { handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema, type GiftResent } from '../../../contracts/resend-gift.ts'
import { jsonbAnswer } from '../_shared/clients/jsonb.ts'

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const body = await parseBody(req, bodySchema)
    const { data, error } = await service.rpc('resend_gift_as', { purchaser: caller.id, gift_id: body.gift_id })
    if (error) refuseWithDatabaseError('resend_gift_as', error)
    const gift = jsonbAnswer<GiftSummary>(data)
    return jsonResponse({ new_gift_code: gift.gift_code, gift } satisfies GiftResent)
  }),
)
