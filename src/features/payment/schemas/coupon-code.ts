import { z } from 'zod'
import { tPayment as t } from '@/i18n/payment'

/** A coupon code as typed: required (the 'enter a coupon code' message), trimmed, uppercased. */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(1, { error: t('coupon.required') })
  .max(40, { error: t('coupon.notFound') })
  .transform((code) => code.toUpperCase())
