import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { Field } from '@/components/ui/Field'
import { Spinner } from '@/components/ui/Spinner'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { useUpdatePassword } from '@/domains/accounts/api/update-password'
import { AuthScreen } from '@/components/ui/AuthScreen'
import { Notice } from '@/components/ui/Notice'
import { PasswordInput } from '@/domains/accounts/ui/PasswordInput'
import { isMissingSession, passwordUpdateErrorMessage } from '@/domains/accounts/lib/errors'
import { updatePasswordSchema, type UpdatePasswordFormValues } from '@/domains/accounts/schemas/update-password'
import { arrivedWithLinkError, recoveryView } from './recovery-view'
import { invalidLinkRedirectMs } from './timing'
import { useSettledAuthSession } from '@/domains/accounts/session/useAuthSession'

function InvalidLink() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/reset-password', { replace: true }), invalidLinkRedirectMs)
    return () => window.clearTimeout(timer)
  }, [navigate])
  return (
    <div className="flex flex-col gap-5">
      <Notice tone="error" title={t('updatePassword.invalidLink.title')}>
        <p>{t('updatePassword.invalidLink.text')}</p>
      </Notice>
      <p className="text-ink-soft">{t('updatePassword.invalidLink.redirecting')}</p>
      <Link to="/reset-password" replace className={buttonClasses({ size: 'lg' }, 'w-full')}>
        {t('updatePassword.invalidLink.action')}
      </Link>
    </div>
  )
}

interface NewPasswordFormProps {
  onSubmitting: () => void
  onSessionLost: () => void
}

function NewPasswordForm({ onSubmitting, onSessionLost }: NewPasswordFormProps) {
  const navigate = useNavigate()
  const update = useUpdatePassword()
  const form = useForm<UpdatePasswordFormValues>({
    resolver: zodResolver(updatePasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const formError = update.error && !isMissingSession(update.error) ? passwordUpdateErrorMessage(update.error) : null

  const submit = ({ password }: UpdatePasswordFormValues) => {
    onSubmitting()
    update.mutate(password, {
      onSuccess: () => {
        toast.success(t('updatePassword.updated'))
        navigate('/login', { replace: true })
      },
      onError: (error) => {
        if (!isMissingSession(error)) return
        toast.error(t('updatePassword.errors.authFailed'))
        onSessionLost()
      },
    })
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(submit)(event)

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {formError && <Notice tone="error">{formError}</Notice>}
      <Field label={t('updatePassword.password')} error={errors.password?.message}>
        {(control) => <PasswordInput {...control} {...form.register('password')} autoComplete="new-password" />}
      </Field>
      <Field label={t('updatePassword.confirmPassword')} error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} {...form.register('confirmPassword')} autoComplete="new-password" />}
      </Field>
      <Button type="submit" size="lg" disabled={update.isPending} className="w-full">
        {update.isPending ? t('updatePassword.submitting') : t('updatePassword.submit')}
      </Button>
    </form>
  )
}

/** /update-password: a new password, then sign out and log in with it. */
export default function UpdatePasswordPage() {
  const { session, settled } = useSettledAuthSession()
  const [linkFailed] = useState(arrivedWithLinkError)
  const [finishing, setFinishing] = useState(false)
  const [sessionLost, setSessionLost] = useState(false)
  const view = recoveryView({ linkFailed, settled, signedIn: session.status === 'signed-in', finishing, sessionLost })
  return (
    <AuthScreen title={t('updatePassword.title')} lead={view === 'form' ? t('updatePassword.lead') : undefined}>
      {view === 'checking' && (
        <div className="flex items-center gap-3 text-ink-soft">
          <Spinner label={t('updatePassword.checkingLink')} />
          <span aria-hidden="true">{t('updatePassword.checkingLink')}</span>
        </div>
      )}
      {view === 'form' && (
        <NewPasswordForm onSubmitting={() => setFinishing(true)} onSessionLost={() => setSessionLost(true)} />
      )}
      {view === 'invalid-link' && <InvalidLink />}
    </AuthScreen>
  )
}
