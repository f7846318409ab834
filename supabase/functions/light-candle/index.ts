/**
 * light-candle: body {book_ref, visitor, name?, access_grant?}. A visitor who may read the book
 * (a public paid book; a private one with its family-code access grant, or as its owner, a
 * confirmed family admin or a platform admin) lights a candle, with an optional name. One candle
 * per visitor (the random token its browser keeps) per book and Israeli day; per address 300
 * candles an hour and 100 a day for one book, and 30 a minute for one book from everyone but the
 * book's family together (a burst from many addresses or accounts waits a minute; the family, as
 * the database knows it by candle_family: a valid grant of the book, its owner, a confirmed family
 * admin or a platform admin, is not counted; any other signed-in account is), then 429. Each per-book limit counts the book's uuid, whether the link
 * named the book by its uuid or its short code. Answers {ok, reason: 'lit' | 'already_lit',
 * count, lit_today}; 403 candles_private, 404 book_not_found.
 */
import { resolveBookId } from '../_shared/books/book-ref.ts'
import { serviceClient, type ServiceClient } from '../_shared/clients/clients.ts'
import { HttpError, clientAddress, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { messages } from '../../../contracts/messages.ts'
import { optionalCaller } from '../_shared/clients/optional-caller.ts'
import { requireWithinLimits, type RateLimit } from '../_shared/http/rate-limit.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema } from '../../../contracts/light-candle.ts'
import { jsonbAnswer } from '../_shared/clients/jsonb.ts'
import { refuseWithDatabaseError } from '../_shared/refusals/database-refusal.ts'

/** A shiva house's relatives share one address: these let sixty of them light a candle each. */
const CANDLES_PER_ADDRESS: RateLimit = { scope: 'candle_address', maxHits: 300, windowSeconds: 60 * 60 }
const CANDLES_PER_BOOK_AND_ADDRESS: RateLimit = {
  scope: 'candle_book_address',
  maxHits: 100,
  windowSeconds: 24 * 60 * 60,
}
/**
 * One book from everyone but its family, all together, signed in or not: a burst from many
 * addresses or accounts waits a minute; the book's family is never counted.
 */
const CANDLES_PER_BOOK_MINUTE: RateLimit = { scope: 'candle_book', maxHits: 30, windowSeconds: 60 }

interface CandleAnswer {
  ok: boolean
  reason: 'lit' | 'already_lit'
  count?: number
  lit_today?: boolean
}

/** The book's family (candle_family): a valid grant of the book, its owner, a family admin, a platform admin. */
async function isCandleFamily(
  service: ServiceClient,
  book: string,
  accessGrant: string | null | undefined,
  reader: string | undefined,
): Promise<boolean> {
  const { data, error } = await service.rpc('candle_family', {
    book,
    access_grant: accessGrant ?? null,
    reader: reader ?? null,
  })
  if (error) throw new Error(`candle_family: ${error.message}`)
  return data === true
}

Deno.serve(
  handleRequest(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, messages.invalidBody, 'method_not_allowed')
    const body = await parseBody(req, bodySchema)
    const service = serviceClient()
    const address = clientAddress(req)
    const caller = await optionalCaller(req, service)
    const book = await resolveBookId(service, body.book_ref)
    const family = book ? await isCandleFamily(service, book, body.access_grant, caller?.id) : false
    await requireWithinLimits(service, [
      { limit: CANDLES_PER_ADDRESS, client: address },
      ...(book ? [{ limit: CANDLES_PER_BOOK_AND_ADDRESS, client: `${book}|${address}` }] : []),
      ...(book && !family ? [{ limit: CANDLES_PER_BOOK_MINUTE, client: book }] : []),
    ])
    if (!book) throw new HttpError(404, messages.bookNotFound, 'book_not_found')
    const { data, error } = await service.rpc('candle_light', {
      book_ref: book,
      visitor: body.visitor,
      lit_by: body.name,
      access_grant: body.access_grant,
      reader: caller?.id ?? null,
    })
    if (error) refuseWithDatabaseError('candle_light', error)
    const answer = jsonbAnswer<CandleAnswer>(data)
    return jsonResponse({
      ok: answer.ok,
      reason: answer.reason,
      count: answer.count,
      lit_today: answer.lit_today,
      ...(answer.ok ? {} : { message: messages.candleAlreadyLit }),
    })
  }),
)
