/**
 * Cancelling a pending gift with its refund: the one path every function takes (cancel-gift for
 * the purchaser, delete-book before a pending gift's book is deleted). The gift is cancelled and
 * its refund claimed in one row lock (cancel_gift_as), then a paid gift's payment is refunded
 * through the provider that took it, once: a second cancel while the first is refunding is refused
 * (409 refund_in_progress). A refund the provider refused releases the claim so the next call tries
 * again. A refund the provider never answered may have been made: it keeps the claim, is marked
 * unknown (the platform admin sees it) and is never sent again blind: the next call first asks the
 * provider what became of it. The buyer is mailed the refund only once the provider approved it. A
 * free-coupon gift gets its coupon use back and involves no money. The gift rules refuse (as
 * HttpError): 404 not the purchaser's, 409 claimed or already cancelled, 422 past 14 days; 502 when
 * the refund failed or its outcome is unknown (calling again finishes it).
 */
import type { ServiceClient } from '../clients/clients.ts'
import { refuseWithDatabaseError } from '../refusals/database-refusal.ts'
import { HttpError } from '../http/http.ts'
import { sendRefundNotice } from '../mail/payment-mail.ts'
import { providerOf } from '../payments/index.ts'
import { jsonbAnswer } from '../clients/jsonb.ts'

const REFUND_FAILED = 'המתנה בוטלה אך ההחזר הכספי לא הושלם. נסו שוב בעוד רגע'
const REFUND_UNKNOWN =
  'המתנה בוטלה וההחזר הכספי נשלח, אך עדיין לא התקבל אישור עליו. נבדוק ונעדכן; אפשר לנסות שוב בעוד כמה דקות'

interface Cancellation {
  refund_due: boolean
  session_id: string
  amount: number
  currency?: string
  provider?: string | null
  transaction_id?: string | null
  refund_unknown?: boolean
}

async function refund(service: ServiceClient, giftId: string, due: Cancellation): Promise<string> {
  const provider = providerOf({ provider: due.provider ?? null })
  if (!provider) throw new Error(`gift ${giftId}: its payment names no provider to refund it`)
  const result = await provider
    .refund(
      {
        sessionId: due.session_id,
        providerCheckoutId: null,
        transactionId: due.transaction_id ?? null,
        amountAgorot: due.amount,
        currency: due.currency ?? 'ils',
      },
      `cancel-gift-${giftId}`,
      due.refund_unknown ? 'unknown' : 'none',
    )
    .catch((error: unknown) => ({ outcome: 'unknown' as const, reason: String(error) }))
  if (result.outcome === 'refunded') return result.refundId
  console.error(`${provider.name} gift refund ${result.outcome}: ${result.reason}`)
  if (result.outcome === 'not_refunded') {
    await service.rpc('release_gift_refund', { session_id: due.session_id })
    throw new HttpError(502, REFUND_FAILED, 'refund_failed')
  }
  const marked = await service.rpc('mark_gift_refund_unknown', { session_id: due.session_id, reason: result.reason })
  if (marked.error) console.error('mark_gift_refund_unknown', marked.error.message)
  throw new HttpError(502, REFUND_UNKNOWN, 'refund_failed')
}

/** Cancels `purchaser`'s pending gift `giftId` and refunds what was paid; answers the agorot refunded. */
export async function cancelGiftWithRefund(service: ServiceClient, purchaser: string, giftId: string): Promise<number> {
  const { data, error } = await service.rpc('cancel_gift_as', { purchaser, gift_id: giftId })
  if (error) refuseWithDatabaseError('cancel_gift_as', error)
  const cancellation = jsonbAnswer<Cancellation>(data)
  if (!cancellation.refund_due) return 0
  const refundId = await refund(service, giftId, cancellation)
  const recorded = await service.rpc('record_gift_refund', { session_id: cancellation.session_id, refund: refundId })
  if (recorded.error) throw new Error(`record_gift_refund: ${recorded.error.message}`)
  await sendRefundNotice(service, cancellation.session_id)
  return cancellation.amount
}
