import type { FamilyAccessAnswer } from '@contracts/family-access.ts'
import { startEarlyRequest, takeEarlyRequest } from '@/lib/early-requests'
import { Refusal } from '@/lib/refusal'
import { startReaderCardRequest } from '@/domains/book/lib/early-book-card'

type ReaderCard = Awaited<ReturnType<typeof startReaderCardRequest>>
import { normaliseFamilyCode, recallFamilyAccess, recallHeldGrant } from './family-code-session'
import { requestFamilyAccess } from './request-family-access'

/**
 * The head script and the app are two bundles, each with its own Refusal class: a refusal crosses
 * between them as plain fields, and the app's side throws it again as its own Refusal.
 */
type EarlyAccessResult =
  | { answer: FamilyAccessAnswer }
  | { refusal: { status: number; reason: string | undefined; message: string } }
  | { failure: unknown }

async function exchangeCode(bookId: string, code: string, linkKey: string | null): Promise<EarlyAccessResult> {
  try {
    return { answer: await requestFamilyAccess(bookId, code, { linkKey, heldGrant: recallHeldGrant(bookId) }) }
  } catch (error) {
    if (!(error instanceof Refusal)) return { failure: error }
    return { refusal: { status: error.status, reason: error.reason, message: error.message } }
  }
}

const earlyAccessKey = (bookId: string, code: string, linkKey: string | null) =>
  `family-access:${bookId}:${code}:${linkKey ?? ''}`

/** A private book the app will open with the link's family code: no grant held, a code in the link. */
function linkCodeToCheck(book: { id: string; is_public: boolean }, search: string): string | null {
  if (book.is_public || recallFamilyAccess(book.id)) return null
  const code = new URLSearchParams(search).get('code')?.trim()
  return code ? normaliseFamilyCode(code) : null
}

/**
 * On a signed-out reader's arrival at a private book's reading page with a family code in the link,
 * the head script asks for the grant at once (the app would ask the same, once its code has loaded)
 * and, granted, the reader's card, so that its pictures start downloading: the app takes the
 * answer instead of asking again, and the server counts the one attempt as it would the app's. A
 * grant this tab already holds for the book reads the reader's card at once. Returns the reader's
 * card (null without a grant), which the painted first screen then shows with its pictures.
 */
export function startEarlyFamilyAccess(book: { id: string; is_public: boolean }, search: string): Promise<ReaderCard> {
  const held = book.is_public ? null : recallFamilyAccess(book.id)
  if (held) return startReaderCardRequest(book.id, held)
  const code = linkCodeToCheck(book, search)
  if (!code) return Promise.resolve(null)
  const linkKey = new URLSearchParams(search).get('key')
  const exchange = startEarlyRequest(earlyAccessKey(book.id, code, linkKey), () => exchangeCode(book.id, code, linkKey))
  return exchange.then((result) =>
    'answer' in result && result.answer.ok ? startReaderCardRequest(book.id, result.answer.access_grant) : null,
  )
}

/** The head script's exchange of this code, once; undefined when it made none. */
export function takeEarlyFamilyAccess(
  bookId: string,
  code: string,
  linkKey: string | null,
): Promise<FamilyAccessAnswer> | undefined {
  const early = takeEarlyRequest<EarlyAccessResult>(earlyAccessKey(bookId, code, linkKey))
  return early?.then((result) => {
    if ('answer' in result) return result.answer
    if ('refusal' in result) throw new Refusal(result.refusal.status, result.refusal.reason, result.refusal.message)
    throw result.failure
  })
}
