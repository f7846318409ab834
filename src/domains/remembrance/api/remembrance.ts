/**
 * The calls behind the candle and the yahrzeit reminders, shared by the share page, the book and
 * the dashboard: candle_count / reminder_confirm / reminder_unsubscribe (database functions
 * anyone may call), candles_lit_by (the family's), and the light-candle / reminder-subscribe edge
 * functions.
 */
import { queryOptions } from '@tanstack/react-query'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import { withNetworkRetry } from '@/lib/retry'
import { isCertainlySignedOut } from '@/domains/accounts/session/useAuthSession'
import { getPublicRpcValue, postPublicRpc } from '@/lib/public-rpc'
import { getSupabase } from '@/lib/supabase'
import { visitorToken } from '@/lib/visitor-token'
import { databaseReason, toRefusal } from '@/lib/refusal'
import { remembranceKeys } from './remembrance-keys'

export interface CandleState {
  count: number
  lit_today: boolean
}

/** null: the caller may not see this book's candles (a private book without its family code). */
async function fetchCandles(
  bookRef: string,
  accessGrant: string | null,
  signal: AbortSignal,
): Promise<CandleState | null> {
  const params = { book_ref: bookRef, access_grant: accessGrant ?? undefined, visitor: visitorToken() }
  return withNetworkRetry(async () => {
    try {
      return await requestCandles(params, signal)
    } catch (error) {
      if (databaseReason(error) === 'candles_private') return null
      throw error
    }
  })
}

type CandleParams = { book_ref: string; access_grant?: string; visitor: string }

/** A signed-out visitor has no session to send: no supabase-js (and no preflight) for this read. */
async function requestCandles(params: CandleParams, signal: AbortSignal): Promise<CandleState> {
  if (isCertainlySignedOut()) {
    return getPublicRpcValue<CandleState>('candle_count', params, signal).catch((error: unknown) => {
      throw toRefusal(error)
    })
  }
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('candle_count', params).abortSignal(signal)
  if (error) throw toRefusal(error)
  return data as unknown as CandleState
}

export function candlesQueryOptions(bookRef: string, accessGrant: string | null) {
  return queryOptions({
    queryKey: remembranceKeys.candleState(bookRef, accessGrant),
    queryFn: ({ signal }) => fetchCandles(bookRef, accessGrant, signal),
    staleTime: 60_000,
  })
}

export interface LitCandle {
  lit_by: string
  lit_on: string
}

/** The names visitors left with their candles, newest first; the server gives them to the family alone. */
async function fetchCandlesLitBy(bookRef: string, signal: AbortSignal): Promise<LitCandle[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('candles_lit_by', { book_ref: bookRef }).abortSignal(signal)
  if (error) throw toRefusal(error)
  return data.flatMap(({ lit_by, lit_on }) => (lit_by ? [{ lit_by, lit_on }] : []))
}

export function candlesLitByQueryOptions(bookRef: string) {
  return queryOptions({
    queryKey: remembranceKeys.litBy(bookRef),
    queryFn: ({ signal }) => fetchCandlesLitBy(bookRef, signal),
    staleTime: 60_000,
  })
}

export function lightCandle(bookRef: string, name: string, accessGrant: string | null) {
  return invokeEdgeFunction('light-candle', {
    book_ref: bookRef,
    visitor: visitorToken(),
    name: name.trim() || null,
    access_grant: accessGrant,
  })
}

export function subscribeToReminders(bookRef: string, email: string) {
  return invokeEdgeFunction('reminder-subscribe', {
    book_ref: bookRef,
    email,
  })
}

export interface ReminderLinkAnswer {
  /** The book's short code (its link). */
  short_code: string
  full_name: string
}

/**
 * The link's token is the credential: the call goes as an anonymous visitor, signed in or not. An
 * unknown, used or expired link is refused (email_link_invalid).
 */
function sendReminderToken(fn: 'reminder_confirm' | 'reminder_unsubscribe' | 'memory_news_unsubscribe', token: string) {
  return postPublicRpc<ReminderLinkAnswer>(fn, { token }).catch((error: unknown) => {
    throw toRefusal(error)
  })
}

export const confirmReminders = (token: string) => sendReminderToken('reminder_confirm', token)
export const unsubscribeFromReminders = (token: string) => sendReminderToken('reminder_unsubscribe', token)
export const unsubscribeFromMemoryNews = (token: string) => sendReminderToken('memory_news_unsubscribe', token)
