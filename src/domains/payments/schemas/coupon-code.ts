import { z } from 'zod'
import { CODE_MAX } from '@contracts/limits.ts'
import { tPayment as t } from '@/domains/payments/strings/payment'
import { normalizeTypedCode } from '@contracts/typed-code.ts'

/** A coupon code as typed: required (the 'enter a coupon code' message), spaces and dashes dropped, uppercased. */
export const couponCodeSchema = z
  .string()
  .max(CODE_MAX, { error: t('coupon.notFound') })
  .transform(normalizeTypedCode)
  .pipe(z.string().min(1, { error: t('coupon.required') }))
