import { zodResolver } from '@hookform/resolvers/zod'
import { type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { useRequestPasswordReset } from '@/domains/accounts/api/request-password-reset'
import { AuthScreen } from '@/components/ui/AuthScreen'
import { EmailAddress } from './components/EmailAddress'
import { Notice } from '@/components/ui/Notice'
import { passwordResetRequestErrorMessage } from '@/domains/accounts/lib/errors'
import { resetPasswordSchema, type ResetPasswordFormValues } from '@/domains/accounts/schemas/reset-password'

const linkClasses = 'font-medium text-plum-700 underline underline-offset-4 hover:text-plum-900'

/** /reset-password: the recovery e-mail, then a view that advises the spam folder. */
export default function ResetPasswordPage() {
  const reset = useRequestPasswordReset()
  const sentTo = reset.isSuccess ? reset.variables : null
  const formError = reset.error ? passwordResetRequestErrorMessage(reset.error) : null
  const form = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email: '' },
  })
  const { errors } = form.formState

  const submit = ({ email }: ResetPasswordFormValues) => reset.mutate(email)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(submit)(event)

  const footer = (
    <Link to="/login" className={linkClasses}>
      {t('resetPassword.backToLogin')}
    </Link>
  )

  if (sentTo) {
    return (
      <AuthScreen title={t('resetPassword.title')} footer={footer}>
        <Notice tone="success" title={t('resetPassword.sentTitle')}>
          <p>{t('resetPassword.sentText')}</p>
          <EmailAddress email={sentTo} className="mt-2" />
        </Notice>
        <p className="mt-4 rounded-xl bg-gold-50 px-4 py-3 leading-relaxed text-ink">{t('resetPassword.sentSpam')}</p>
      </AuthScreen>
    )
  }

  return (
    <AuthScreen title={t('resetPassword.title')} lead={t('resetPassword.lead')} footer={footer}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {formError && <Notice tone="error">{formError}</Notice>}
        <Field label={t('common.email')} error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              dir="ltr"
              className="text-end"
            />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={reset.isPending} className="w-full">
          {reset.isPending ? t('resetPassword.submitting') : t('resetPassword.submit')}
        </Button>
      </form>
    </AuthScreen>
  )
}
