/**
 * Cancelling a pending gift with its refund: the one path every function takes (cancel-gift for
 * the purchaser, delete-book before a pending gift's book is deleted). The gift is cancelled and
 * its refund claimed in one row lock (cancel_gift_as), then a paid gift's payment is refunded
 * through the provider that took it, once: a second cancel while the first is refunding is refused
 * (409 refund_in_progress), and a refusal by the provider releases the claim so the next call
 * tries again. The buyer is mailed the refund. A free-coupon gift gets its coupon use back and
 * involves no money. The gift rules refuse (as HttpError): 404 not the purchaser's, 409 claimed or
 * already cancelled, 422 past 14 days; 502 when the refund failed (calling again finishes it).
 */
import type { ServiceClient } from './clients.ts'
import { giftFailure } from './gifts.ts'
import { HttpError } from './http.ts'
import { sendRefundNotice } from './payment-mail.ts'
import { providerOf } from './payments/index.ts'

const REFUND_FAILED = 'המתנה בוטלה אך ההחזר הכספי לא הושלם. נסו שוב בעוד רגע'

interface Cancellation {
  refund_due: boolean
  session_id: string
  amount: number
  currency?: string
  provider?: string | null
  transaction_id?: string | null
}

async function refund(service: ServiceClient, giftId: string, due: Cancellation): Promise<string> {
  const provider = providerOf({ provider: due.provider ?? null })
  try {
    const { refundId } = await provider.refund(
      {
        sessionId: due.session_id,
        providerCheckoutId: null,
        transactionId: due.transaction_id ?? null,
        amountAgorot: due.amount,
        currency: due.currency ?? 'ils',
      },
      `cancel-gift-${giftId}`,
    )
    return refundId
  } catch (error) {
    console.error(`${provider.name} gift refund failed`, error)
    await service.rpc('release_gift_refund', { session_id: due.session_id })
    throw new HttpError(502, REFUND_FAILED, 'refund_failed')
  }
}

/** Cancels `purchaser`'s pending gift `giftId` and refunds what was paid; answers the agorot refunded. */
export async function cancelGiftWithRefund(service: ServiceClient, purchaser: string, giftId: string): Promise<number> {
  const { data, error } = await service.rpc('cancel_gift_as', { purchaser, gift_id: giftId })
  if (error) giftFailure('cancel_gift_as', error)
  const cancellation = data as Cancellation
  if (!cancellation.refund_due) return 0
  const refundId = await refund(service, giftId, cancellation)
  const recorded = await service.rpc('record_gift_refund', { session_id: cancellation.session_id, refund: refundId })
  if (recorded.error) throw new Error(`record_gift_refund: ${recorded.error.message}`)
  await sendRefundNotice(service, cancellation.session_id)
  return cancellation.amount
}
