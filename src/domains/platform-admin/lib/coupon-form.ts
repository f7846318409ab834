import { z } from 'zod'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import { PLAN_TYPES, type PlanType } from '@contracts/plans.ts'

/** The create dialog's fields as typed; defaults: percent, value 0, any plan, max uses 1. */
export interface CouponFormValues {
  code: string
  discountType: 'percent' | 'fixed'
  value: string
  targetPlan: 'any' | PlanType
  maxUses: string
  expiresOn: string
}

export const couponFormDefaults: CouponFormValues = {
  code: '',
  discountType: 'percent',
  value: '0',
  targetPlan: 'any',
  maxUses: '1',
  expiresOn: '',
}

/** What admin_create_coupon() receives; the server checks the ranges (percent 1–100, fixed above 0). */
export interface CouponInput {
  code: string
  discountType: 'percent' | 'fixed'
  value: number
  targetPlan: PlanType | null
  maxUses: number | null
  expiresAt: string | null
}

/** The end of the chosen day in the admin's time zone: a coupon "until 31/12" works all of that day. */
function endOfDay(isoDate: string): string {
  return new Date(`${isoDate}T23:59:59.999`).toISOString()
}

export const couponFormSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,40}$/, { error: t('coupons.form.errors.code') }),
  discountType: z.enum(['percent', 'fixed']),
  value: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, { error: t('coupons.form.errors.value') }),
  targetPlan: z.enum(['any', ...PLAN_TYPES]),
  maxUses: z
    .string()
    .trim()
    .regex(/^(\d+)?$/, { error: t('coupons.form.errors.maxUses') }),
  expiresOn: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/),
})

export function toCouponInput(values: z.output<typeof couponFormSchema>): CouponInput {
  return {
    code: values.code,
    discountType: values.discountType,
    value: Number(values.value),
    targetPlan: values.targetPlan === 'any' ? null : values.targetPlan,
    maxUses: values.maxUses === '' ? null : Number(values.maxUses),
    expiresAt: values.expiresOn === '' ? null : endOfDay(values.expiresOn),
  }
}
