/**
 * support-chat: the public pages' support chat, for anyone (the anon key is enough).
 * - {action: 'ask', text, session?: {id, token}} → {session: {id, token}, intent, answer}. The
 *   function classifies the question and derives the answer itself; the first question opens a
 *   session whose token only this visitor holds (only its hash is stored).
 * - {action: 'rate', session: {id, token}, rating: 1-5, resolved} → {ok: true}.
 * Limits: 20 questions of at most 500 characters per session, 6 questions per session per
 * minute, 30 questions and 10 new sessions per address per 10 minutes and 40 new sessions per
 * address a day; then 429 (and one SECURITY_RATE_LIMITED log row). No limit counts all visitors
 * together: an abuser with many addresses cannot shut the chat for everyone else. A wrong token
 * is 404, as for a session that does not exist.
 */
import { serviceClient, type ServiceClient } from '../_shared/clients/clients.ts'
import { clientAddress, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { requireWithinLimits, type RateLimit } from '../_shared/http/rate-limit.ts'
import { loadPlanPrices } from '../_shared/payments/prices.ts'
import { answerQuestion, type AnswerWords } from './answers.ts'
import { planWords } from '../../../shared/price-format.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema, type ChatReply } from '../../../contracts/support-chat.ts'
import { jsonbAnswer } from '../_shared/clients/jsonb.ts'
import { refuseWithDatabaseError } from '../_shared/refusals/database-refusal.ts'

const QUESTIONS_PER_SESSION: RateLimit = { scope: 'chat_session', maxHits: 6, windowSeconds: 60 }
const QUESTIONS_PER_ADDRESS: RateLimit = { scope: 'chat_address', maxHits: 30, windowSeconds: 10 * 60 }
const SESSIONS_PER_ADDRESS: RateLimit = { scope: 'chat_new_session_address', maxHits: 10, windowSeconds: 10 * 60 }
const SESSIONS_PER_ADDRESS_DAY: RateLimit = {
  scope: 'chat_new_session_address_day',
  maxHits: 40,
  windowSeconds: 24 * 60 * 60,
}
const RATINGS_PER_ADDRESS: RateLimit = { scope: 'chat_rating_address', maxHits: 30, windowSeconds: 10 * 60 }

const DEFAULT_SUPPORT_EMAIL = 'support@zochrim.co.il'

interface ChatSession {
  id: string
  token: string
}

/** What the chat's answers fill in: the support address, and each plan's name and price from the price table. */
async function answerWords(service: ServiceClient): Promise<AnswerWords> {
  const plans = planWords(await loadPlanPrices(service))
  if (!plans) throw new Error('plan_prices: a plan has no price')
  return { email: Deno.env.get('SUPPORT_EMAIL')?.trim() || DEFAULT_SUPPORT_EMAIL, ...plans }
}

async function openSession(service: ServiceClient, address: string): Promise<ChatSession> {
  await requireWithinLimits(service, [
    { limit: SESSIONS_PER_ADDRESS, client: address },
    { limit: SESSIONS_PER_ADDRESS_DAY, client: address },
  ])
  const { data, error } = await service.rpc('chat_open_session', {})
  if (error) refuseWithDatabaseError('chat_open_session', error)
  const opened = jsonbAnswer<{ session_id: string; session_token: string }>(data)
  return { id: opened.session_id, token: opened.session_token }
}

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const body = await parseBody(req, bodySchema)
    const address = clientAddress(req)

    if (body.action === 'rate') {
      await requireWithinLimits(service, [{ limit: RATINGS_PER_ADDRESS, client: address }])
      const { error } = await service.rpc('chat_record_rating', {
        session_id: body.session.id,
        session_token: body.session.token,
        rating: body.rating,
        resolved: body.resolved ?? null,
      })
      if (error) refuseWithDatabaseError('chat_record_rating', error)
      return jsonResponse({ ok: true })
    }

    await requireWithinLimits(service, [{ limit: QUESTIONS_PER_ADDRESS, client: address }])
    const session = body.session ?? (await openSession(service, address))
    await requireWithinLimits(service, [{ limit: QUESTIONS_PER_SESSION, client: session.id }])
    const { intent, answer } = answerQuestion(body.text, await answerWords(service))
    const { error } = await service.rpc('chat_record_exchange', {
      session_id: session.id,
      session_token: session.token,
      question: body.text,
      intent,
      answer,
    })
    if (error) refuseWithDatabaseError('chat_record_exchange', error)
    return jsonResponse({ session, intent, answer } satisfies ChatReply)
  }),
)
