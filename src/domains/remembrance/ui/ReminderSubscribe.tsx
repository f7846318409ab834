import { EMAIL_MAX } from '@contracts/limits.ts'
import { useMutation } from '@tanstack/react-query'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { tRemembrance as t } from '@/domains/remembrance/strings/remembrance'
import { cn } from '@/lib/cn'
import { refusalMessage } from '@/lib/refusal'
import { lazyZodResolver } from '@/lib/lazy-zod-resolver'
import { subscribeToReminders } from '@/domains/remembrance/api/remembrance'

const subscribeSchema = () =>
  z.object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX, { error: t('reminders.emailInvalid') })
      .pipe(z.email({ error: t('reminders.emailInvalid') })),
    consent: z.boolean().refine((given) => given, { error: t('reminders.consentRequired') }),
  })

type SubscribeInput = z.input<ReturnType<typeof subscribeSchema>>
type SubscribeValues = z.output<ReturnType<typeof subscribeSchema>>

const subscribeResolver = lazyZodResolver(subscribeSchema)

interface ReminderSubscribeProps {
  bookRef: string
  /** The signed-in owner's address: subscribed at once, as it is already confirmed. */
  defaultEmail?: string
  className?: string
}

/** Subscribe an e-mail address to the yahrzeit and shloshim reminders of a book (double opt-in). */
export function ReminderSubscribe({ bookRef, defaultEmail = '', className }: ReminderSubscribeProps) {
  const headingId = useId()
  const form = useForm<SubscribeInput, unknown, SubscribeValues>({
    resolver: subscribeResolver,
    defaultValues: { email: defaultEmail, consent: false },
  })
  const subscribe = useMutation({
    mutationFn: (values: SubscribeValues) => subscribeToReminders(bookRef, values.email),
  })
  const { errors } = form.formState

  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-3 rounded-3xl border border-line bg-surface px-6 py-6', className)}
    >
      <h2 id={headingId} className="font-serif text-xl text-ink">
        {t('reminders.title')}
      </h2>
      <p className="leading-relaxed text-ink-soft">{t('reminders.lead')}</p>
      {subscribe.isSuccess ? (
        <p role="status" className="rounded-2xl bg-plum-50 px-4 py-3 text-plum-800">
          {subscribe.data.status === 'subscribed' ? t('reminders.subscribed') : t('reminders.checkEmail')}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => subscribe.mutate(values))}
          className="flex flex-col gap-3"
        >
          <Field label={t('reminders.emailLabel')} error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('email')}
                type="email"
                dir="ltr"
                inputMode="email"
                autoComplete="email"
                placeholder={t('reminders.emailPlaceholder')}
              />
            )}
          </Field>
          <div className="flex flex-col gap-1.5">
            <label className="flex items-start gap-3 text-sm leading-relaxed text-ink-soft">
              <input
                type="checkbox"
                className="mt-1 size-5 shrink-0 accent-plum-700"
                aria-invalid={Boolean(errors.consent)}
                {...form.register('consent')}
              />
              <span>{t('reminders.consent')}</span>
            </label>
            {errors.consent && (
              <p role="alert" className="text-sm font-medium text-danger-600">
                {errors.consent.message}
              </p>
            )}
          </div>
          <Button type="submit" variant="secondary" disabled={subscribe.isPending}>
            {subscribe.isPending ? t('reminders.sending') : t('reminders.submit')}
          </Button>
          {subscribe.isError && (
            <p role="alert" className="text-sm font-medium text-danger-600">
              {refusalMessage(subscribe.error, t('reminders.failed'))}
            </p>
          )}
        </form>
      )}
    </section>
  )
}
