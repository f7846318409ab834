import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type FormEvent } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { SignInFields } from '@/domains/accounts/ui/SignInFields'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { storageKeys, writeStorage } from '@/lib/browser-storage'
import { cn } from '@/lib/cn'
import { useResendJoinConfirmation } from '../api/account'
import { joinAccountErrorMessage, useJoinAccount } from '../api/join-account'
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
  joinBook: () => Promise<void>
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
  const resendConfirmation = useResendJoinConfirmation()
  const resend = () =>
    resendConfirmation.mutate(
      { email, returnTo },
      {
        onSuccess: () => toast.success(t('register.resent')),
        onError: () => toast.error(t('register.resendFailed')),
      },
    )
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
      <Button variant="secondary" onClick={resend}>
        {t('register.resend')}
      </Button>
    </div>
  )
}

/**
 * Sign up or log in (a toggle), then join; sign-up without an instant session waits for the e-mail.
 * The screen reads whether the account step is running by familyAdminKeys.joinAccount().
 */
export function JoinAccountForm({ invitation, joining, joinBook, onError }: JoinAccountFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const account = useJoinAccount({
    onSuccess: async (signedIn, input) => {
      if (signedIn) return joinBook()
      writeStorage(storageKeys.pendingFamilyInvite, invitation.token)
      setSentTo(input.email)
    },
  })
  const form = useForm<JoinAccountInput, unknown, JoinAccountValues>({
    resolver: zodResolver(joinAccountSchema),
    defaultValues: {
      mode: 'signUp',
      email: '',
      password: '',
      fullName: '',
    },
  })
  const mode = useWatch({ control: form.control, name: 'mode' })
  const { errors } = form.formState
  const formError = errors.email?.message ?? errors.password?.message
  const returnTo = window.location.href.split('#')[0]!

  const submit = (values: JoinAccountValues) => {
    onError(null)
    account.mutate(
      { ...values, returnTo },
      { onError: (error) => onError(joinAccountErrorMessage(error, values.mode)) },
    )
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(submit)(event)

  if (sentTo) return <CheckEmail email={sentTo} returnTo={returnTo} />
  const busy = account.isPending || joining
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <ModeToggle mode={mode} onChange={(next) => form.setValue('mode', next)} />
      {formError && (
        <p role="alert" className="font-medium text-danger-600">
          {formError}
        </p>
      )}
      <SignInFields
        labels={{ email: t('register.email'), password: t('register.password') }}
        email={form.register('email')}
        password={form.register('password')}
        passwordAutoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
        invalid={{ email: Boolean(errors.email), password: Boolean(errors.password) }}
      />
      {mode === 'signUp' && (
        <Field label={t('register.fullName')}>
          {(control) => <Input {...control} {...form.register('fullName')} autoComplete="name" />}
        </Field>
      )}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('register.joining') : mode === 'signUp' ? t('register.signUpSubmit') : t('register.logInSubmit')}
      </Button>
    </form>
  )
}
