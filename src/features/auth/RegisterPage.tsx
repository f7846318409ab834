import { NAME_MAX } from '@contracts/limits.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import {
  clearSelectedPlan,
  isOnboardingPlanSelected,
  readLocalOnboardingAnswers,
} from '@/domains/accounts/onboarding/onboarding-storage'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { registrationMetadata } from '@/domains/accounts/api/account-registration'
import {
  giftCodeCheckFailureMessage,
  giftCodeStatusMessage,
  useCheckGiftCode,
} from '@/domains/gift/api/check-gift-code'
import { notifyAdminsOfNewUser } from '@/domains/accounts/api/notify-admins'
import { useSignUp, type SignUpResult } from '@/domains/accounts/api/sign-up'
import { AuthScreen } from '@/components/ui/AuthScreen'
import { Notice } from '@/components/ui/Notice'
import { PasswordInput } from '@/domains/accounts/ui/PasswordInput'
import { SignUpSuccessDialog } from './components/SignUpSuccessDialog'
import { registerErrorMessage } from '@/domains/accounts/lib/errors'
import { savePendingGiftCode } from '@/domains/gift/lib/pending-gift-code'
import { afterSignIn } from './post-login'
import { registerContextOf, signedInRegisterPath, type RegisterContext } from './register-context'
import { saveRegistrationData, type RegistrationData } from '@/domains/accounts/lib/registration-data'
import { registerSchema, type RegisterFormInput, type RegisterFormValues } from '@/domains/accounts/schemas/register'
import { useSettledAuthSession } from '@/domains/accounts/session/useAuthSession'

/** What the next steps need. */
function registrationOf(values: RegisterFormValues, context: RegisterContext): RegistrationData {
  const answers = readLocalOnboardingAnswers()
  const giftCode = context.mode === 'gift' ? (values.giftCode ?? '') : ''
  return {
    email: values.email,
    fullName: values.fullName,
    planType: context.planType,
    recipientType: context.recipientType,
    onboardingData: answers ? { relationship: answers.relationship, deceased_name: answers.deceasedName } : null,
    giftCode: giftCode || null,
  }
}

/** Keeps the registration in this browser (the account keeps it too, from sign-up). */
function rememberRegistration(registration: RegistrationData): void {
  saveRegistrationData(registration)
  if (registration.giftCode) savePendingGiftCode(registration.giftCode)
  clearSelectedPlan()
}

function useRegisterContext(): RegisterContext {
  const [searchParams] = useSearchParams()
  return useMemo(() => registerContextOf(searchParams, isOnboardingPlanSelected()), [searchParams])
}

/** /register. */
export default function RegisterPage() {
  const context = useRegisterContext()
  const giftMode = context.mode === 'gift'
  const [onboardingName] = useState(() => readLocalOnboardingAnswers()?.deceasedName ?? null)
  const { session, settled } = useSettledAuthSession()
  const navigate = useNavigate()
  const giftCheck = useCheckGiftCode()
  const signUp = useSignUp()
  const [success, setSuccess] = useState<{ email: string; signedUpAt: number } | null>(null)

  const form = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(registerSchema({ giftMode })),
    defaultValues: { fullName: '', email: '', password: '', giftCode: context.giftCode },
  })
  const { errors } = form.formState
  const formError = signUp.error ? registerErrorMessage(signUp.error) : null
  const submitted = signUp.isPending || signUp.isSuccess
  // Signed in at once, the screen stays busy until the next one.
  const busy = giftCheck.isPending || signUp.isPending || Boolean(signUp.data?.signedIn)

  // Someone already signed in does not register again, and keeps the plan they chose.
  const [searchParams] = useSearchParams()
  useEffect(() => {
    if (settled && session.status === 'signed-in' && !submitted)
      navigate(signedInRegisterPath(searchParams), { replace: true })
  }, [settled, session.status, submitted, navigate, searchParams])

  const signedUp = async (values: RegisterFormValues, registration: RegistrationData, result: SignUpResult) => {
    rememberRegistration(registration)
    const answers = readLocalOnboardingAnswers()
    void notifyAdminsOfNewUser({
      name: values.fullName,
      email: values.email,
      relationship: answers?.relationship ?? null,
      deceasedName: answers?.deceasedName ?? null,
    })
    if (result.signedIn) {
      navigate(await afterSignIn({ id: result.userId, email: values.email, fullName: values.fullName }), {
        replace: true,
      })
      return
    }
    setSuccess({ email: values.email, signedUpAt: Date.now() })
  }

  const submit = async (values: RegisterFormValues) => {
    signUp.reset()
    if (giftMode) {
      const refusal = await giftCheck
        .mutateAsync(values.giftCode ?? '')
        .then(giftCodeStatusMessage, giftCodeCheckFailureMessage)
      if (refusal) {
        form.setError('giftCode', { message: refusal }, { shouldFocus: true })
        return
      }
    }
    const registration = registrationOf(values, context)
    signUp.mutate(
      {
        fullName: values.fullName,
        email: values.email,
        password: values.password,
        metadata: registrationMetadata(registration),
      },
      { onSuccess: (result) => signedUp(values, registration, result) },
    )
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(submit)(event)

  const continueToConfirmation = useCallback(() => {
    navigate('/email-confirmation', { state: { signedUpAt: success?.signedUpAt } })
  }, [navigate, success?.signedUpAt])

  if (!settled) return <ScreenLoading />

  const modeText = `register.modes.${context.mode}` as const
  const lead =
    context.mode === 'onboarding' && onboardingName
      ? t('register.modes.onboarding.leadWithName', { name: onboardingName })
      : t(`${modeText}.lead`)

  return (
    <AuthScreen
      title={t(`${modeText}.title`)}
      lead={lead}
      footer={
        <p>
          {t('register.haveAccount')}{' '}
          <Link
            to="/login"
            onClick={() => {
              const code = form.getValues('giftCode')?.trim()
              if (giftMode && code) savePendingGiftCode(code)
            }}
            className="font-medium text-plum-700 underline underline-offset-4 hover:text-plum-900"
          >
            {t('register.loginLink')}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {formError && <Notice tone="error">{formError}</Notice>}
        <Field label={t('common.fullName')} error={errors.fullName?.message}>
          {(control) => <Input {...control} {...form.register('fullName')} autoComplete="name" maxLength={NAME_MAX} />}
        </Field>
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
        <Field label={t('common.password')} hint={t('register.passwordHint')} error={errors.password?.message}>
          {(control) => <PasswordInput {...control} {...form.register('password')} autoComplete="new-password" />}
        </Field>
        {giftMode && (
          <Field label={t('register.giftCode')} error={errors.giftCode?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('giftCode')}
                placeholder={t('register.giftCodePlaceholder')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                dir="ltr"
                className="text-end font-medium tracking-widest uppercase"
              />
            )}
          </Field>
        )}
        <Button type="submit" size="lg" disabled={busy} className="mt-1 w-full">
          {busy ? t('register.submitting') : t(`${modeText}.submit`)}
        </Button>
      </form>
      {success && (
        <SignUpSuccessDialog email={success.email} signedUpAt={success.signedUpAt} onClose={continueToConfirmation} />
      )}
    </AuthScreen>
  )
}
