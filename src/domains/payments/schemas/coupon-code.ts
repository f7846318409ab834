import { z } from 'zod'
import { tPayment as t } from '@/domains/payments/strings/payment'
import { normalizeTypedCode } from '../../../../supabase/functions/_shared/typed-code.ts'

/** A coupon code as typed: required (the 'enter a coupon code' message), spaces and dashes dropped, uppercased. */
export const couponCodeSchema = z
  .string()
  .max(40, { error: t('coupon.notFound') })
  .transform(normalizeTypedCode)
  .pipe(z.string().min(1, { error: t('coupon.required') }))
