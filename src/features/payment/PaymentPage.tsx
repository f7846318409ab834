import { useEffect, useRef, useState } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { PageLoading } from '@/components/screens/PageLoading'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { Card, CardTitle } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { PageHeading } from '@/components/ui/PageHeading'
import type { SessionUser } from '@/domains/accounts/session/useAuthSession'
import { useMyBooks } from '@/domains/book/api/my-books'
import { useSignedInUser } from '@/domains/accounts/session/useSignedInUser'
import { tPayment as t } from '@/domains/payments/strings/payment'
import { Refusal } from '@/lib/refusal'
import { useApplyFreeCoupon } from '@/domains/payments/api/apply-coupon'
import { useCreateCheckoutSession } from '@/domains/payments/api/create-checkout-session'
import { useValidateCoupon } from '@/domains/payments/api/validate-coupon'
import { usePlanPrices, type PlanPrice } from '@/domains/payments/plans/get-plan-prices'
import type { CouponVerdict } from '@contracts/validate-coupon.ts'
import { CouponBox } from '@/domains/payments/ui/CouponBox'
import { PaymentActions } from '@/domains/payments/ui/PaymentActions'
import { PaymentNotes } from '@/domains/payments/ui/PaymentNotes'
import { PlanFeatures } from '@/domains/payments/ui/PlanFeatures'
import { PlanPicker } from '@/domains/payments/ui/PlanPicker'
import { PriceSummary } from '@/domains/payments/ui/PriceSummary'
import { usePaymentParams, type PaymentParams } from '@/domains/payments/hooks/usePaymentParams'
import { pathAfterFreeCoupon } from '@/domains/payments/lib/after-free-coupon'
import { pickerPlans, type RecipientType } from '@/domains/payments/plans/plans'
import { isHigherPlan, isPlanType, type PlanType } from '@contracts/plans.ts'
import { useUnspentPayments, type UnspentPayment } from '@/domains/payments/api/unspent-payments'

/** The checkout page opens 1 s after the session is ready. */
const checkoutRedirectDelayMs = 1000

function isCouponRefusal(error: unknown): error is Refusal {
  return error instanceof Refusal && Boolean(error.reason?.startsWith('coupon_'))
}

function Notice({ children }: { children: string }) {
  return (
    <p role="status" className="rounded-2xl border border-gold-300 bg-gold-50 px-4 py-3 text-gold-700">
      {children}
    </p>
  )
}

/**
 * Back from a cancelled or declined payment with the coupon that was applied: it is checked again
 * for the plan and applied, so trying again is one tap; a coupon no longer usable says why.
 * Answers whether the check is still running (paying waits for it).
 */
function useRestoredCoupon(
  code: string | null,
  plan: PlanType,
  onRestored: (verdict: CouponVerdict) => void,
  onRefused: (text: string) => void,
): boolean {
  const validation = useValidateCoupon()
  const asked = useRef(false)
  const { mutate } = validation
  useEffect(() => {
    if (!code || asked.current) return
    asked.current = true
    mutate(
      { code, plan },
      {
        onSuccess: (verdict) =>
          verdict.valid
            ? onRestored(verdict)
            : onRefused(t('coupon.notRestored', { code, reason: verdict.reason ?? t('coupon.notFound') })),
        onError: () => onRefused(t('coupon.notRestored', { code, reason: t('coupon.unavailable') })),
      },
    )
  }, [code, plan, mutate, onRestored, onRefused])
  return code !== null && (validation.isIdle || validation.isPending)
}

interface PaymentFormProps {
  user: SessionUser
  params: PaymentParams
  prices: Record<PlanType, PlanPrice>
  initialPlan: PlanType
}

function PaymentForm({ user, params, prices, initialPlan }: PaymentFormProps) {
  const navigate = useNavigate()
  const [, setSearchParams] = useSearchParams()
  const [plan, setPlan] = useState<PlanType>(initialPlan)
  const [coupon, setCoupon] = useState<CouponVerdict | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null)
  const paying = useRef(false)
  const checkout = useCreateCheckoutSession()
  const freeCoupon = useApplyFreeCoupon()
  const restoringCoupon = useRestoredCoupon(params.coupon, initialPlan, setCoupon, setNotice)

  useEffect(() => {
    if (!checkoutUrl) return
    const timer = window.setTimeout(() => window.location.assign(checkoutUrl), checkoutRedirectDelayMs)
    return () => window.clearTimeout(timer)
  }, [checkoutUrl])

  const plans = plan === 'full' || initialPlan === 'full' ? [...pickerPlans, 'full' as const] : pickerPlans
  const finalAgorot = coupon ? coupon.final_agorot : prices[plan].priceAgorot
  const busy = checkout.isPending || freeCoupon.isPending || checkoutUrl !== null || restoringCoupon

  const changePlan = (next: PlanType) => {
    setPlan(next)
    setSearchParams(
      (current) => {
        current.set('plan', next)
        return current
      },
      { replace: true },
    )
    if (coupon) {
      setCoupon(null)
      setNotice(t('payment.planChangedCouponRemoved'))
    }
  }

  const dropRefusedCoupon = (error: unknown) => {
    if (!isCouponRefusal(error)) return
    setCoupon(null)
    setNotice(error.message)
  }

  const pay = () => {
    // A second click before React disables the button must not open a second checkout.
    if (paying.current) return
    paying.current = true
    checkout.mutate(
      {
        email: user.email,
        fullName: user.fullName ?? user.email,
        planType: plan,
        recipientType: params.recipient,
        appliedCoupon: coupon?.code ?? null,
        bookId: params.bookId,
      },
      {
        onSuccess: (session) => setCheckoutUrl(session.url),
        onError: (error) => {
          paying.current = false
          dropRefusedCoupon(error)
          toast.error(t('actions.checkoutError'), {
            description: error instanceof Refusal ? error.message : undefined,
          })
        },
      },
    )
  }

  const takeFreePath = () => {
    if (!coupon?.code) return
    freeCoupon.mutate(
      { code: coupon.code, plan, recipient: params.recipient },
      {
        onSuccess: (session) => navigate(pathAfterFreeCoupon(session, params.bookId)),
        onError: (error) => {
          dropRefusedCoupon(error)
          toast.error(t('actions.couponProcessingError'), {
            description: error instanceof Refusal ? error.message : undefined,
          })
        },
      },
    )
  }

  return (
    <div className="flex flex-col gap-6">
      <PlanPicker plans={plans} prices={prices} value={plan} onChange={changePlan} disabled={busy} />
      {restoringCoupon && params.coupon && <Notice>{t('coupon.restoring', { code: params.coupon })}</Notice>}
      {notice && <Notice>{notice}</Notice>}
      <Card className="flex flex-col gap-4">
        <CardTitle>{t('payment.selectedPlan')}</CardTitle>
        <PlanFeatures plan={plan} />
      </Card>
      <Card className="flex flex-col gap-6">
        <CouponBox
          plan={plan}
          applied={coupon}
          onApplied={(verdict) => {
            setCoupon(verdict)
            setNotice(null)
          }}
          onRemoved={() => setCoupon(null)}
          disabled={busy}
        />
        <PriceSummary priceAgorot={prices[plan].priceAgorot} coupon={coupon} />
        <PaymentActions
          free={finalAgorot === 0}
          recipient={params.recipient}
          busy={busy}
          redirecting={checkoutUrl !== null}
          onPay={pay}
          onFree={takeFreePath}
        />
      </Card>
      <PaymentNotes />
    </div>
  )
}

/** A purchase already paid and not yet used: continue it instead of paying again. */
function AlreadyPaid({
  text,
  action,
  to,
  onAnother,
}: {
  text: string
  action: string
  to: string
  onAnother?: () => void
}) {
  return (
    <Card role="status" className="flex flex-col items-start gap-4" data-testid="already-paid">
      <CardTitle>{t('payment.alreadyPaidTitle')}</CardTitle>
      <p className="text-ink-soft">{text}</p>
      <Link to={to} className={buttonClasses({ size: 'lg' })}>
        {action}
      </Link>
      {onAnother && (
        <Button variant="ghost" onClick={onAnother}>
          {t('payment.anotherPurchase')}
        </Button>
      )}
    </Card>
  )
}

function continuePath(recipient: RecipientType, payment: UnspentPayment): string {
  const query = new URLSearchParams({ plan: payment.plan_type, paid: 'true', session_id: payment.session_id })
  return recipient === 'gift' ? `/gift-generation?${query}` : `/create-book?${query}`
}

/** Before a plan is chosen: the picker with no card checked; a choice goes into the address (?plan=). */
function ChoosePlan({ prices, plans }: { prices: Record<PlanType, PlanPrice>; plans: readonly PlanType[] }) {
  const [, setSearchParams] = useSearchParams()
  const choose = (plan: PlanType) =>
    setSearchParams(
      (current) => {
        current.set('plan', plan)
        return current
      },
      { replace: true },
    )
  return (
    <div className="flex flex-col gap-4">
      <p className="font-medium text-ink">{t('payment.choosePlan')}</p>
      <PlanPicker plans={plans} prices={prices} value={null} onChange={choose} />
    </div>
  )
}

/**
 * /payment: plan picker (basic, pro; full by ?plan=full; none checked until the person chooses), the plan's
 * features, a coupon checked by the server, the discount and final price, then the payment
 * provider's page (after 1 s) or, at price 0, the free path. A purchase already paid and unused is
 * continued instead of paid again; a declined or cancelled payment is explained and tried again from here, with
 * the plan and coupon kept. Prices come from the server's price table. A visitor
 * who is not signed in registers first.
 */
export default function PaymentPage() {
  const params = usePaymentParams()
  const user = useSignedInUser()
  const prices = usePlanPrices()
  const books = useMyBooks(Boolean(user && params.bookId))
  const book = params.bookId ? books.data?.find((candidate) => candidate.id === params.bookId) : undefined
  const unspent = useUnspentPayments(Boolean(user && !params.bookId), params.recipient)
  const [another, setAnother] = useState(false)

  if (user === null) return <Navigate to={params.plan ? `/register?plan=${params.plan}` : '/register'} replace />
  if (user === undefined) return <ScreenLoading />

  const bookPlan = book && isPlanType(book.plan_type) ? book.plan_type : null
  const initialPlan = params.plan ?? bookPlan
  const lead = book
    ? t('payment.bookLead', { name: book.full_name })
    : params.recipient === 'gift'
      ? t('payment.giftLead')
      : t('payment.lead')

  // Back twice after paying leads here again: a paid purchase is continued, never paid twice.
  const bookAlreadyPaid =
    book?.is_paid === true && bookPlan !== null && !(params.plan && isHigherPlan(params.plan, bookPlan))
  const unused = another ? undefined : unspent.data?.[0]

  return (
    <Container width="narrow" className="flex flex-col gap-6 py-10 md:py-14">
      <PageHeading title={t('payment.title')} lead={lead} />
      {params.failed && (
        <div role="alert" className="rounded-2xl border border-danger-600/30 bg-danger-50 px-4 py-3 text-danger-700">
          <p>{t('payment.declined')}</p>
          {book && !bookAlreadyPaid && <p>{t('payment.declinedBook', { name: book.full_name })}</p>}
        </div>
      )}
      {params.cancelled && <Notice>{t('payment.cancelled')}</Notice>}
      {params.feature && <Notice>{t(`payment.features.${params.feature}`)}</Notice>}
      {book && bookAlreadyPaid ? (
        <AlreadyPaid
          text={t('payment.alreadyPaidBook', { name: book.full_name })}
          action={t('payment.toDashboard')}
          to="/dashboard"
        />
      ) : unused ? (
        <AlreadyPaid
          text={params.recipient === 'gift' ? t('payment.unspentGift') : t('payment.unspentForMe')}
          action={params.recipient === 'gift' ? t('payment.continueGift') : t('payment.continueBook')}
          to={continuePath(params.recipient, unused)}
          onAnother={() => setAnother(true)}
        />
      ) : prices.isPending || (params.bookId && books.isPending) || (!params.bookId && unspent.isPending) ? (
        <PageLoading />
      ) : prices.isError ? (
        <Card role="alert" className="flex flex-col items-start gap-4">
          <p className="text-ink-soft">{t('payment.loadError')}</p>
          <Button variant="secondary" onClick={() => void prices.refetch()}>
            {t('payment.tryAgain')}
          </Button>
        </Card>
      ) : initialPlan ? (
        <PaymentForm user={user} params={params} prices={prices.data} initialPlan={initialPlan} />
      ) : (
        <ChoosePlan prices={prices.data} plans={pickerPlans} />
      )}
    </Container>
  )
}
