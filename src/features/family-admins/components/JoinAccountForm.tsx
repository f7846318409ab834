import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type FormEvent } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { PasswordInput } from '@/components/ui/PasswordInput'
import { tFamilyAdmins as t } from '@/i18n/family-admins'
import { storageKeys, writeStorage } from '@/lib/browser-storage'
import { cn } from '@/lib/cn'
import { EmailTakenError, resendJoinConfirmation, signInToJoin, signUpToJoin } from '../api/account'
import { accountErrorMessage } from '../lib/account-errors'
import type { InvitationLink } from '../lib/links'
import {
  joinAccountSchema,
  type JoinAccountInput,
  type JoinAccountValues,
  type JoinMode,
} from '../schemas/join-account'

export interface JoinAccountFormProps {
  invitation: InvitationLink
  joining: boolean
  joinBook: (familyCode: string) => Promise<void>
  onBusyChange: (busy: boolean) => void
  onError: (message: string | null) => void
}

function ModeToggle({ mode, onChange }: { mode: JoinMode; onChange: (mode: JoinMode) => void }) {
  const option = (value: JoinMode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => onChange(value)}
      className={cn(
        'flex-1 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none',
        mode === value ? 'bg-surface text-plum-800 shadow-soft' : 'text-ink-soft hover:text-ink',
      )}
    >
      {label}
    </button>
  )
  return (
    <div role="group" aria-label={t('register.modeLabel')} className="flex gap-1 rounded-xl bg-plum-50 p-1">
      {option('signUp', t('register.signUpTab'))}
      {option('logIn', t('register.logInTab'))}
    </div>
  )
}

function CheckEmail({ email, returnTo }: { email: string; returnTo: string }) {
  const resend = async () => {
    try {
      await resendJoinConfirmation(email, returnTo)
      toast.success(t('register.resent'))
    } catch {
      toast.error(t('register.resendFailed'))
    }
  }
  return (
    <div role="status" className="flex flex-col gap-4">
      <p className="text-lg font-bold text-ink">{t('register.checkEmailTitle')}</p>
      <p className="leading-relaxed text-ink-soft">
        {t('register.checkEmailSent')}{' '}
        <bdi dir="ltr" className="font-medium break-all text-ink">
          {email}
        </bdi>
      </p>
      <p className="leading-relaxed text-ink-soft">{t('register.checkEmailText')}</p>
      <p className="text-sm text-ink-muted">{t('register.checkEmailSpam')}</p>
      <Button variant="secondary" onClick={() => void resend()}>
        {t('register.resend')}
      </Button>
    </div>
  )
}

/** Sign up or log in (a toggle), then join; sign-up without an instant session waits for the e-mail. */
export function JoinAccountForm({ invitation, joining, joinBook, onBusyChange, onError }: JoinAccountFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm<JoinAccountInput, unknown, JoinAccountValues>({
    resolver: zodResolver(joinAccountSchema),
    defaultValues: {
      mode: 'signUp',
      email: '',
      password: '',
      fullName: invitation.adminName,
      familyCode: invitation.familyCode,
    },
  })
  const mode = useWatch({ control: form.control, name: 'mode' })
  const { errors, isSubmitting } = form.formState
  const formError = errors.email?.message ?? errors.password?.message
  const returnTo = window.location.href.split('#')[0]!

  const submit = async (values: JoinAccountValues) => {
    onError(null)
    onBusyChange(true)
    try {
      if (values.mode === 'signUp') {
        const signedIn = await signUpToJoin({ ...values, returnTo })
        if (!signedIn) {
          writeStorage(storageKeys.pendingFamilyInvite, invitation.token)
          setSentTo(values.email)
          return
        }
      } else {
        await signInToJoin(values.email, values.password)
      }
      await joinBook(values.familyCode)
    } catch (error) {
      if (error instanceof EmailTakenError) onError(t('register.emailTaken'))
      else onError(accountErrorMessage(error, values.mode))
    } finally {
      onBusyChange(false)
    }
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(submit)(event)

  if (sentTo) return <CheckEmail email={sentTo} returnTo={returnTo} />
  const busy = isSubmitting || joining
  const nameLocked = invitation.adminName !== ''
  const codeLocked = invitation.familyCode !== ''
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <ModeToggle mode={mode} onChange={(next) => form.setValue('mode', next)} />
      {formError && (
        <p role="alert" className="font-medium text-danger-600">
          {formError}
        </p>
      )}
      <Field label={t('register.email')}>
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
      <Field label={t('register.password')}>
        {(control) => (
          <PasswordInput
            {...control}
            {...form.register('password')}
            autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
          />
        )}
      </Field>
      {mode === 'signUp' && (
        <Field label={t('register.fullName')} hint={nameLocked ? t('register.fromInvitation') : undefined}>
          {(control) => <Input {...control} {...form.register('fullName')} readOnly={nameLocked} autoComplete="name" />}
        </Field>
      )}
      <Field label={t('register.familyCode')} hint={codeLocked ? t('register.fromInvitation') : undefined}>
        {(control) => (
          <Input
            {...control}
            {...form.register('familyCode', {
              onChange: (event: { target: HTMLInputElement }) => {
                event.target.value = event.target.value.toUpperCase()
              },
            })}
            readOnly={codeLocked}
            dir="ltr"
            className="text-end tracking-widest uppercase"
            autoComplete="off"
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('register.joining') : mode === 'signUp' ? t('register.signUpSubmit') : t('register.logInSubmit')}
      </Button>
    </form>
  )
}
