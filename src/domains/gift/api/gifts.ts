import { paymentKeys } from '@/domains/payments/api/payment-keys'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { giftKeys } from '@/domains/gift/api/gift-keys'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import { getSupabase } from '@/lib/supabase'
import type { GiftClaimed } from '@contracts/claim-gift.ts'
import type { GiftSummary } from '@contracts/gift-common.ts'
import type { BodyOf } from '@contracts/index.ts'
import { toRefusal } from '@/lib/refusal'

export type CreateGiftInput = BodyOf<'create-gift'>

/** The server checks the payment session and creates the gift; never the browser. */
export function createGift(input: CreateGiftInput): Promise<GiftSummary> {
  return invokeEdgeFunction('create-gift', input)
}

/** Claims the gift; its own purchaser must say it is for themselves (forMyself), else 409 own_gift. */
export function claimGift(code: string, forMyself = false): Promise<GiftClaimed> {
  return invokeEdgeFunction('claim-gift', { gift_code: code, for_myself: forMyself })
}

export interface PurchasedGift {
  id: string
  /** The book's short code. */
  short_code: string
  gift_code: string | null
  gift_code_expires_at: string | null
  gift_recipient_name: string | null
  full_name: string
  purchaser_name: string | null
  plan_type: string
  gift_status: string | null
  gift_purchased_at: string | null
  /** Made with a 100% coupon: no money moved, so cancelling it refunds nothing. */
  free?: boolean
  /** Cancelled, but its refund is not done yet (the provider refused it or never answered). */
  refundUnfinished?: boolean
}

/** The caller's gift bought with this payment session (my_gift: purchaser only). */
async function fetchGiftOf(sessionId: string | null, signal: AbortSignal): Promise<PurchasedGift | null> {
  if (!sessionId) return null
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('my_gift', { session_id: sessionId }).abortSignal(signal)
  if (error) throw toRefusal(error)
  return (data as PurchasedGift | null) ?? null
}

export function useGiftOf(sessionId: string | null) {
  return useQuery({
    queryKey: giftKeys.of(sessionId),
    queryFn: ({ signal }) => fetchGiftOf(sessionId, signal),
    enabled: Boolean(sessionId),
  })
}

/** The books of the caller's gift purchases (RLS: own payment rows only): free ones, and paid ones not refunded. */
async function fetchGiftPayments(signal: AbortSignal): Promise<{ free: Set<string>; paid: Set<string> }> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('payment_sessions')
    .select('used_by_book, amount_agorot, status')
    .eq('recipient_type', 'gift')
    .not('used_by_book', 'is', null)
    .abortSignal(signal)
  if (error) throw toRefusal(error)
  type Row = { used_by_book: string | null; amount_agorot: number; status: string }
  const books = (keep: (row: Row) => boolean) => new Set((data as Row[]).filter(keep).map((row) => row.used_by_book!))
  return {
    free: books((row) => row.amount_agorot === 0),
    paid: books((row) => row.amount_agorot > 0 && row.status === 'paid'),
  }
}

/** The purchaser's gifts, newest purchase first (my_books shows a buyer the gift fields of what they bought). */
async function fetchMyGifts(signal: AbortSignal): Promise<PurchasedGift[]> {
  const supabase = await getSupabase()
  const [{ data, error }, payments] = await Promise.all([
    supabase.rpc('my_books').abortSignal(signal),
    fetchGiftPayments(signal),
  ])
  if (error) throw toRefusal(error)
  return data
    .filter((book) => book.is_purchaser && book.gift_code)
    .map((book) => ({
      id: book.id,
      short_code: book.short_code,
      gift_code: book.gift_code,
      gift_code_expires_at: book.gift_code_expires_at,
      gift_recipient_name: book.gift_recipient_name,
      full_name: book.full_name,
      purchaser_name: book.purchaser_name,
      plan_type: book.plan_type,
      gift_status: book.gift_status,
      gift_purchased_at: book.gift_purchased_at,
      free: payments.free.has(book.id),
      refundUnfinished: book.gift_status === 'cancelled' && payments.paid.has(book.id),
    }))
    .sort((a, b) => (b.gift_purchased_at ?? '').localeCompare(a.gift_purchased_at ?? ''))
}

export interface UnfinishedGift {
  session_id: string
  plan_type: string
  paid_at: string | null
}

/** Gift payments that no gift used yet (e.g. paid before the gift screen existed). */
async function fetchUnfinishedGifts(signal: AbortSignal): Promise<UnfinishedGift[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('payment_sessions')
    .select('session_id, plan_type, paid_at')
    .eq('status', 'paid')
    .eq('recipient_type', 'gift')
    .is('used_by_book', null)
    .order('created_at', { ascending: false })
    .abortSignal(signal)
  if (error) throw toRefusal(error)
  return data as UnfinishedGift[]
}

export function useMyGifts(userId: string) {
  return useQuery({
    queryKey: giftKeys.mineOf(userId),
    queryFn: async ({ signal }) => ({
      gifts: await fetchMyGifts(signal),
      unfinished: await fetchUnfinishedGifts(signal),
    }),
  })
}

export function useResendGift() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (giftId: string) => invokeEdgeFunction('resend-gift', { gift_id: giftId }),
    onSettled: () => client.invalidateQueries({ queryKey: giftKeys.mine() }),
  })
}

export function useCancelGift() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (giftId: string) => invokeEdgeFunction('cancel-gift', { gift_id: giftId }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: giftKeys.mine() }),
        client.invalidateQueries({ queryKey: paymentKeys.mine() }),
      ]),
  })
}

export interface WelcomeBook {
  id: string
  short_code: string
  full_name: string
  purchaser_name: string | null
  gift_code: string | null
  gift_claimed_at: string | null
  gift_recipient_name: string | null
}

/** The gift this user claimed (null when the book is not theirs by claim). */
async function fetchClaimedGift(bookId: string, userId: string, signal: AbortSignal): Promise<WelcomeBook | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('memory_books')
    .select('id, short_code, full_name, purchaser_name, gift_code, gift_claimed_at, gift_recipient_name')
    .eq('id', bookId)
    .eq('claimed_by_user_id', userId)
    .abortSignal(signal)
    .maybeSingle()
  if (error) throw toRefusal(error)
  return data as WelcomeBook | null
}

export function useClaimedGift(bookId: string, userId: string) {
  return useQuery({
    queryKey: giftKeys.claimed(bookId, userId),
    queryFn: ({ signal }) => fetchClaimedGift(bookId, userId, signal),
  })
}
