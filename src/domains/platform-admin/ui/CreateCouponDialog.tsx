import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/Dialog'
import { Field } from '@/components/ui/Field'
import { Input, controlClasses } from '@/components/ui/Input'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import { cn } from '@/lib/cn'
import { useCreateCoupon } from '../api/coupons'
import { PLAN_TYPES } from '@contracts/plans.ts'
import { couponFormDefaults, couponFormSchema, toCouponInput, type CouponFormValues } from '../lib/coupon-form'
import { refusalMessage } from '@/lib/refusal'

const selectClasses = cn(controlClasses, 'h-12 appearance-auto')

function CouponForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreateCoupon()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<CouponFormValues>({ resolver: zodResolver(couponFormSchema), defaultValues: couponFormDefaults })
  const { errors } = form.formState

  const submit = (values: CouponFormValues) => {
    setFormError(null)
    const parsed = couponFormSchema.parse(values)
    create.mutate(toCouponInput(parsed), {
      onSuccess: (coupon) => {
        toast.success(t('coupons.form.created'), { description: coupon.code })
        onCreated()
      },
      onError: (error) => setFormError(refusalMessage(error, t('coupons.form.createError'))),
    })
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(submit)(event)

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
      {formError && (
        <p role="alert" className="rounded-xl bg-danger-50 px-4 py-3 font-medium text-danger-700">
          {formError}
        </p>
      )}
      <Field label={t('coupons.form.code')} hint={t('coupons.form.codeHint')} error={errors.code?.message}>
        {(control) => (
          <Input {...control} {...form.register('code')} dir="ltr" autoCapitalize="characters" className="uppercase" />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('coupons.form.type')}>
          {(control) => (
            <select {...control} {...form.register('discountType')} className={selectClasses}>
              <option value="percent">{t('coupons.form.percent')}</option>
              <option value="fixed">{t('coupons.form.fixed')}</option>
            </select>
          )}
        </Field>
        <Field label={t('coupons.form.value')} error={errors.value?.message}>
          {(control) => <Input {...control} {...form.register('value')} inputMode="decimal" dir="ltr" />}
        </Field>
        <Field label={t('coupons.form.plan')}>
          {(control) => (
            <select {...control} {...form.register('targetPlan')} className={selectClasses}>
              <option value="any">{t('coupons.anyPlan')}</option>
              {PLAN_TYPES.map((plan) => (
                <option key={plan} value={plan}>
                  {t(`books.plans.${plan}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('coupons.form.maxUses')} hint={t('coupons.form.maxUsesHint')} error={errors.maxUses?.message}>
          {(control) => <Input {...control} {...form.register('maxUses')} inputMode="numeric" dir="ltr" />}
        </Field>
      </div>
      <Field label={t('coupons.form.expiresAt')}>
        {(control) => <Input {...control} {...form.register('expiresOn')} type="date" dir="ltr" />}
      </Field>
      <Button type="submit" size="lg" disabled={create.isPending}>
        {create.isPending ? t('coupons.form.submitting') : t('coupons.form.submit')}
      </Button>
    </form>
  )
}

export function CreateCouponDialog() {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>{t('coupons.create')}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle className="pe-10">{t('coupons.form.title')}</DialogTitle>
        <DialogDescription>{t('coupons.form.description')}</DialogDescription>
        {open && <CouponForm onCreated={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}
