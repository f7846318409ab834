import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { savePendingOwnershipTransfer } from '@/domains/family-admins/ownership-transfer/pending-ownership-transfer'
import { returnPathOf } from '@/lib/return-to'
import { useResendConfirmation } from '@/domains/accounts/api/resend-confirmation'
import { useSignIn } from '@/domains/accounts/api/sign-in'
import { AuthScreen } from '@/components/ui/AuthScreen'
import { Notice } from '@/components/ui/Notice'
import { isEmailNotConfirmed, loginErrorMessage } from '@/domains/accounts/lib/errors'
import { loginArrivalOf, type LoginArrival } from './login-arrival'
import { afterSignIn } from './post-login'
import { loginSchema, type LoginFormValues } from '@/domains/accounts/schemas/login'
import { SignInFields } from '@/domains/accounts/ui/SignInFields'
import { useSettledAuthSession } from '@/domains/accounts/session/useAuthSession'

const linkClasses = 'font-medium text-plum-700 underline underline-offset-4 hover:text-plum-900'

function ArrivalNotices({ arrival, returnTo }: { arrival: LoginArrival; returnTo: string | null }) {
  const transfer = arrival.ownershipTransfer
  return (
    <div className="flex flex-col gap-3">
      {returnTo && <Notice tone="info">{t('login.signInToContinue')}</Notice>}
      {arrival.emailConfirmed && <Notice tone="success">{t('login.emailConfirmed')}</Notice>}
      {arrival.linkFailed && <Notice tone="error">{t('login.confirmationLinkInvalid')}</Notice>}
      {transfer && (
        <Notice tone="info" title={t('login.ownershipTransfer.title')}>
          {transfer.ownerName
            ? t('login.ownershipTransfer.text', { owner: transfer.ownerName })
            : t('login.ownershipTransfer.textWithoutOwner')}
        </Notice>
      )}
    </div>
  )
}

/**
 * /login (returnTo: the screen that asked for a sign-in). A visitor who is already signed in — for instance by
 * the confirmation link, which brings a session — continues at once to where signing in leads.
 */
export default function LoginPage() {
  const location = useLocation()
  const [arrival] = useState(() => {
    const found = loginArrivalOf(location.search, location.hash || window.location.hash)
    // Kept until signing in (or registering and confirming first) ends on the dashboard, which records it.
    if (found.ownershipTransfer?.inviteToken) savePendingOwnershipTransfer(found.ownershipTransfer.inviteToken)
    return found
  })
  const [returnTo] = useState(() => returnPathOf(location.search))
  const { session, settled, passwordRecovery } = useSettledAuthSession()
  const navigate = useNavigate()
  const signIn = useSignIn()
  const resendConfirmation = useResendConfirmation()
  const continued = useRef(false)

  const form = useForm<LoginFormValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  })
  const { errors } = form.formState
  const requiredError = errors.email?.message ?? errors.password?.message
  const formError = signIn.error ? loginErrorMessage(signIn.error) : null
  const unconfirmedEmail = isEmailNotConfirmed(signIn.error) ? (signIn.variables?.email ?? null) : null
  // From pressing the button until the next screen: the session that signing in brings is not 'already signed in'.
  const signingIn = signIn.isPending || signIn.isSuccess

  const alreadySignedIn = settled && session.status === 'signed-in' && !passwordRecovery && !arrival.ownershipTransfer
  const continueAs = alreadySignedIn && !signingIn ? session.user : null
  useEffect(() => {
    if (!continueAs || continued.current) return
    continued.current = true
    void afterSignIn(continueAs, returnTo).then((path) => navigate(path, { replace: true }))
  }, [continueAs, returnTo, navigate])

  const submit = (values: LoginFormValues) =>
    signIn.mutate(values, {
      onSuccess: async (user) => navigate(await afterSignIn(user, returnTo), { replace: true }),
    })
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(submit)(event)

  const resend = () => {
    if (!unconfirmedEmail) return
    resendConfirmation.mutate(unconfirmedEmail, {
      onSuccess: () => toast.success(t('login.confirmationResent')),
      onError: () => toast.error(t('emailConfirmation.resendFailed')),
    })
  }

  if (!settled || continueAs) {
    return (
      <AuthScreen
        title={t('login.title')}
        notice={arrival.emailConfirmed && <Notice tone="success">{t('login.emailConfirmed')}</Notice>}
      >
        <div className="flex items-center gap-3 text-ink-soft">
          <Spinner label={continueAs ? t('login.continuing') : t('common.checking')} />
          <span aria-hidden="true">{continueAs ? t('login.continuing') : t('common.checking')}</span>
        </div>
      </AuthScreen>
    )
  }

  return (
    <AuthScreen
      title={t('login.title')}
      lead={t('login.lead')}
      notice={<ArrivalNotices arrival={arrival} returnTo={returnTo} />}
      footer={
        <p>
          {t('login.noAccount')}{' '}
          <Link to="/register" className={linkClasses}>
            {t('login.registerLink')}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {(formError || requiredError) && (
          <Notice tone="error">
            <p>{formError ?? requiredError}</p>
            {unconfirmedEmail && (
              <button type="button" onClick={resend} className={`mt-2 ${linkClasses}`}>
                {t('login.resendConfirmation')}
              </button>
            )}
          </Notice>
        )}
        <SignInFields
          labels={{ email: t('common.email'), password: t('common.password') }}
          email={form.register('email')}
          password={form.register('password')}
          passwordAutoComplete="current-password"
          invalid={{ email: Boolean(errors.email), password: Boolean(errors.password) }}
        />
        <Link to="/reset-password" className={`-mt-2 self-start text-sm ${linkClasses}`}>
          {t('login.forgotPassword')}
        </Link>
        <Button type="submit" size="lg" disabled={signingIn} className="w-full">
          {signingIn ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </AuthScreen>
  )
}
