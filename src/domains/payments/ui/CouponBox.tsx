import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { tPayment as t } from '@/domains/payments/strings/payment'
import { Refusal } from '@/lib/refusal'
import type { CouponVerdict } from '@contracts/validate-coupon.ts'
import { useValidateCoupon } from '../api/validate-coupon'
import type { PlanType } from '@contracts/plans.ts'
import { couponCodeSchema } from '../schemas/coupon-code'

export interface CouponBoxProps {
  plan: PlanType
  applied: CouponVerdict | null
  onApplied: (verdict: CouponVerdict) => void
  onRemoved: () => void
  disabled?: boolean
}

/** Why a coupon was not accepted: the server's reason, or that it could not be checked now. */
function refusalText(verdict: CouponVerdict | null, error: unknown): string {
  if (verdict) return `${t('coupon.invalidTitle')}: ${verdict.reason ?? t('coupon.notFound')}`
  if (error instanceof Refusal && error.status < 500) return error.message
  return t('coupon.unavailable')
}

/**
 * The coupon box: the code is required and uppercased, and checked by the server
 * against the selected plan. An applied coupon shows with a way to remove it.
 */
export function CouponBox({ plan, applied, onApplied, onRemoved, disabled }: CouponBoxProps) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const validation = useValidateCoupon()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = couponCodeSchema.safeParse(code)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    try {
      const verdict = await validation.mutateAsync({ code: parsed.data, plan })
      if (verdict.valid) {
        onApplied(verdict)
        setCode('')
      } else {
        setError(refusalText(verdict, null))
      }
    } catch (failure) {
      setError(refusalText(null, failure))
    }
  }

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gold-300 bg-gold-50 px-4 py-3">
        <p role="status" className="font-medium text-gold-700">
          {t('coupon.applied', { code: applied.code ?? '' })}
        </p>
        <Button variant="ghost" size="sm" onClick={onRemoved} disabled={disabled}>
          {t('coupon.remove')}
        </Button>
      </div>
    )
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <Field label={t('coupon.label')} error={error}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              value={code}
              onChange={(event) => setCode(event.target.value.toUpperCase())}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              dir="ltr"
              className="text-start uppercase"
              disabled={disabled || validation.isPending}
            />
            <Button type="submit" variant="secondary" className="shrink-0" disabled={disabled || validation.isPending}>
              {validation.isPending ? t('coupon.checking') : t('coupon.apply')}
            </Button>
          </div>
        )}
      </Field>
    </form>
  )
}
