import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Spinner } from '@/components/ui/Spinner'
import { isLocalStack } from '@/config/is-local-stack'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { useResendConfirmation } from '@/domains/accounts/api/resend-confirmation'
import { readSessionUser } from '@/domains/accounts/api/session-user'
import { useVerifySignupCode } from '@/domains/accounts/api/verify-signup-code'
import { AuthScreen } from '@/components/ui/AuthScreen'
import { EmailAddress } from './components/EmailAddress'
import { useTimePassed } from './hooks/useTimePassed'
import { signupCodeErrorMessage } from '@/domains/accounts/lib/errors'
import { afterSignIn } from './post-login'
import { readRegistrationData, type RegistrationData } from '@/domains/accounts/lib/registration-data'
import type { SessionUser } from '@/lib/auth-session/auth-session-store'
import { confirmationPollMs, spamHintDelayMs } from './timing'
import { useAuthSession } from '@/domains/accounts/session/useAuthSession'

function isUserOf(registration: RegistrationData, user: SessionUser | null): user is SessionUser {
  return user !== null && user.email.toLowerCase() === registration.email.trim().toLowerCase()
}

/**
 * Watches for the confirmation: the session is polled every 5 s,
 * and a sign-in reported by the auth listener (the link opened in another tab) counts at once.
 */
function useConfirmationWatch(registration: RegistrationData | null, onConfirmed: (user: SessionUser) => void) {
  const { session } = useAuthSession()
  const confirmed = useRef(false)

  const confirm = useCallback(
    (user: SessionUser | null) => {
      if (!registration || confirmed.current || !isUserOf(registration, user)) return
      confirmed.current = true
      onConfirmed(user)
    },
    [registration, onConfirmed],
  )

  useEffect(() => confirm(session.user), [session.user, confirm])

  useEffect(() => {
    if (!registration) return
    const check = async () => confirm(await readSessionUser())
    const timer = window.setInterval(() => void check().catch(() => undefined), confirmationPollMs)
    void check().catch(() => undefined)
    return () => window.clearInterval(timer)
  }, [registration, confirm])
}

const codePattern = /^\d{6}$/

/**
 * The 6-digit code from the confirmation e-mail, typed here: it confirms the address and signs in
 * on this device, and the confirmation watch then continues the flow.
 */
function ConfirmationCodeForm({ email }: { email: string }) {
  const [code, setCode] = useState('')
  const [formatError, setFormatError] = useState<string | undefined>()
  const verify = useVerifySignupCode()
  const error = formatError ?? (verify.error ? signupCodeErrorMessage(verify.error) : undefined)
  // A right code leaves the form busy until the confirmation watch moves on.
  const checking = verify.isPending || verify.isSuccess

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!codePattern.test(code)) {
      setFormatError(t('emailConfirmation.code.required'))
      return
    }
    setFormatError(undefined)
    verify.mutate({ email, code })
  }

  return (
    <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-3">
      <Field label={t('emailConfirmation.code.label')} hint={t('emailConfirmation.code.hint')} error={error}>
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => {
              setFormatError(undefined)
              verify.reset()
              setCode(event.target.value.replace(/\D/g, '').slice(0, 6))
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
            className="text-center font-mono text-2xl tracking-[0.4em]"
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={checking} className="w-full">
        {checking ? t('emailConfirmation.code.checking') : t('emailConfirmation.code.submit')}
      </Button>
    </form>
  )
}

/** /email-confirmation. */
export default function EmailConfirmationPage() {
  const [registration] = useState(readRegistrationData)
  const navigate = useNavigate()
  const location = useLocation()
  const [arrivedAt] = useState(() => Date.now())
  const signedUpAt = (location.state as { signedUpAt?: unknown } | null)?.signedUpAt
  const showSpamHint = useTimePassed(typeof signedUpAt === 'number' ? signedUpAt : arrivedAt, spamHintDelayMs)
  const resendConfirmation = useResendConfirmation()

  useEffect(() => {
    if (registration) return
    toast.error(t('emailConfirmation.accessDenied'), { id: 'email-confirmation-access-denied' })
    navigate('/', { replace: true })
  }, [registration, navigate])

  const continueFlow = useCallback(
    async (user: SessionUser) => {
      toast.success(t('emailConfirmation.confirmedToast'))
      navigate(await afterSignIn(user), { replace: true })
    },
    [navigate],
  )
  useConfirmationWatch(registration, continueFlow)

  if (!registration) return null

  // The registration data stays: signing in on this device continues the same flow.
  const confirmedElsewhere = () => navigate('/login')

  const resend = () =>
    resendConfirmation.mutate(registration.email, {
      onSuccess: () => toast.success(t('emailConfirmation.resent')),
      onError: () => toast.error(t('emailConfirmation.resendFailed')),
    })

  const registerPath = registration.giftCode
    ? `/register?gift=${encodeURIComponent(registration.giftCode)}`
    : '/register'

  return (
    <AuthScreen
      title={t('emailConfirmation.title')}
      footer={
        <>
          <Link
            to={registerPath}
            className="font-medium text-plum-700 underline underline-offset-4 hover:text-plum-900"
          >
            {t('emailConfirmation.backToRegister')}
          </Link>
          {isLocalStack() && (
            <Link to="/dev-navigation" className="text-sm text-ink-muted underline underline-offset-4 hover:text-ink">
              {t('emailConfirmation.devNavigation')}
            </Link>
          )}
        </>
      }
    >
      <p className="text-ink-soft">{t('emailConfirmation.sentTo')}</p>
      <EmailAddress email={registration.email} className="mt-2 text-lg text-plum-800" />
      <p className="mt-4 leading-relaxed text-ink-soft">{t('emailConfirmation.instructions')}</p>
      <div className="mt-5 flex items-center gap-3 rounded-xl bg-plum-50 px-4 py-3 text-plum-800">
        <Spinner label={t('emailConfirmation.waiting')} className="shrink-0" />
        <span aria-hidden="true">{t('emailConfirmation.waiting')}</span>
      </div>
      {showSpamHint && (
        <p className="mt-4 rounded-xl bg-gold-50 px-4 py-3 leading-relaxed text-ink">
          {t('emailConfirmation.spamHint')}
        </p>
      )}
      <ConfirmationCodeForm email={registration.email} />
      <p className="mt-6 leading-relaxed text-ink-soft">{t('emailConfirmation.otherDeviceHint')}</p>
      <div className="mt-3 flex flex-col gap-3">
        <Button variant="secondary" size="lg" onClick={confirmedElsewhere} className="w-full">
          {t('emailConfirmation.confirmed')}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          onClick={resend}
          disabled={resendConfirmation.isPending}
          className="w-full"
        >
          {resendConfirmation.isPending ? t('emailConfirmation.resending') : t('emailConfirmation.resend')}
        </Button>
      </div>
    </AuthScreen>
  )
}
