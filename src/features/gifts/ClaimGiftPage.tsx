import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { buttonClasses } from '@/components/ui/button-classes'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { Container } from '@/components/ui/Container'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { PageHeading } from '@/components/ui/PageHeading'
import {
  clearPendingGiftCode,
  normalizeGiftCode,
  readPendingGiftCode,
  savePendingGiftCode,
} from '@/domains/gift/lib/pending-gift-code'
import { clearRegistrationData, readRegistrationData } from '@/domains/accounts/lib/registration-data'
import { useSignedInUser } from '@/domains/accounts/session/useSignedInUser'
import { tGifts as t } from '@/domains/gift/strings/gifts'
import { paymentStrings } from '@/domains/payments/strings/payment'
import { claimFailureMessage, claimRefusedCode, isOwnGiftRefusal, useClaimGift } from '@/domains/gift/api/claim-gift'
import { useGiftPreview } from '@/domains/gift/api/gift-preview'

/** After a claim nothing may send the user back to /gift: the stored code and the registration's gift go. */
function forgetClaimedCode(code: string) {
  if (readPendingGiftCode() === code) clearPendingGiftCode()
  const registration = readRegistrationData()
  if (registration?.giftCode && normalizeGiftCode(registration.giftCode) === code) clearRegistrationData()
}

function planName(plan: string): string {
  return plan === 'basic' || plan === 'pro' || plan === 'full' ? paymentStrings.plans[plan].name : plan
}

/** The gift behind the code of the link, shown before the one tap that claims it. */
function GiftDetails({ code }: { code: string }) {
  const preview = useGiftPreview(code)
  if (preview.isPending) return <p className="text-ink-soft">{t('claim.details.checking')}</p>
  if (preview.isError) return null
  const { status, gift } = preview.data
  if (status !== 'ok' || !gift) {
    return (
      <p role="alert" className="rounded-xl border border-danger-600/30 bg-danger-50 px-4 py-3 text-danger-700">
        {t(`claim.status.${status === 'ok' ? 'unavailable' : status}`)}
      </p>
    )
  }
  return (
    <section
      aria-labelledby="gift-details-title"
      data-testid="gift-details"
      className="flex flex-col gap-1 rounded-2xl bg-plum-50 px-4 py-4"
    >
      <h2 id="gift-details-title" className="font-serif text-xl font-bold text-ink">
        {t('claim.details.title')}
      </h2>
      <p className="font-medium text-plum-800">{t('claim.details.book', { name: gift.deceased_name })}</p>
      {gift.purchaser_name && <p className="text-ink-soft">{t('claim.details.from', { name: gift.purchaser_name })}</p>}
      {gift.recipient_name && <p className="text-ink-soft">{t('claim.details.for', { name: gift.recipient_name })}</p>}
      <p className="text-ink-soft">{t('claim.details.plan', { plan: planName(gift.plan_type) })}</p>
      {gift.bought_by_you && <p className="font-medium text-gold-700">{t('claim.details.boughtByYou')}</p>}
    </section>
  )
}

/** The purchaser claiming their own gift says first that it is for themselves. */
function OwnGiftQuestion({
  open,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean
  busy: boolean
  onConfirm: () => void
  onClose: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>{t('claim.ownGift.title')}</DialogTitle>
        <DialogDescription>{t('claim.ownGift.text')}</DialogDescription>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button disabled={busy} onClick={onConfirm}>
            {t('claim.ownGift.confirm')}
          </Button>
          <Link to="/dashboard?view=purchases" className={buttonClasses({ variant: 'secondary' })}>
            {t('claim.ownGift.send')}
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  )
}

function ClaimGift({ signedIn }: { signedIn: boolean }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [code, setCode] = useState(normalizeGiftCode(params.get('code') ?? ''))
  const [codeMissing, setCodeMissing] = useState(false)
  const claimer = useClaimGift()
  const [askOwnGift, setAskOwnGift] = useState(false)
  const refusal = claimer.error && !isOwnGiftRefusal(claimer.error) ? claimFailureMessage(claimer.error) : null
  const error = codeMissing ? t('claim.codeRequired') : refusal
  // A claimed gift leaves the screen; until then the button stays busy.
  const busy = claimer.isPending || claimer.isSuccess
  const [needAccount, setNeedAccount] = useState(false)
  const autoClaimed = useRef(false)

  const claim = (value: string, forMyself = false) => {
    setCodeMissing(false)
    claimer.reset()
    const normalized = normalizeGiftCode(value)
    if (!normalized) {
      setCodeMissing(true)
      return
    }
    if (!signedIn) {
      savePendingGiftCode(normalized)
      setNeedAccount(true)
      return
    }
    claimer.mutate(
      { code: normalized, forMyself },
      {
        onSuccess: (answer) => {
          forgetClaimedCode(normalized)
          toast.success(answer.message || t('claim.success'))
          navigate(`/gift-welcome?${new URLSearchParams({ book: answer.book_id, gift_code: normalized })}`, {
            replace: true,
          })
        },
        onError: (failure) => {
          if (isOwnGiftRefusal(failure)) {
            setAskOwnGift(true)
            return
          }
          // The refusal shows beside the code (role=alert), not again as a toast over the heading.
          if (claimRefusedCode(failure)) forgetClaimedCode(normalized)
        },
      },
    )
  }

  // Arriving from registration or login with the code this browser was keeping: claim it at once.
  useEffect(() => {
    const queried = normalizeGiftCode(params.get('code') ?? '')
    if (!signedIn || !queried || readPendingGiftCode() !== queried) return
    const timer = window.setTimeout(() => {
      if (autoClaimed.current) return
      autoClaimed.current = true
      claim(queried)
    }, 0)
    return () => window.clearTimeout(timer)
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    claim(code)
  }

  const registerHref = `/register?gift=${encodeURIComponent(code)}`
  const linkedCode = normalizeGiftCode(params.get('code') ?? '')
  return (
    <Card className="flex flex-col gap-5">
      {/* The linked gift's details, while the code in the field is still the linked one. */}
      {signedIn && linkedCode && normalizeGiftCode(code) === linkedCode && <GiftDetails code={linkedCode} />}
      <OwnGiftQuestion
        open={askOwnGift}
        busy={busy}
        onConfirm={() => {
          setAskOwnGift(false)
          claim(code, true)
        }}
        onClose={() => setAskOwnGift(false)}
      />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t('claim.codeLabel')}>
          {(control) => (
            <Input
              {...control}
              dir="ltr"
              value={code}
              maxLength={20}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder={t('claim.placeholder')}
              className="text-center font-mono text-xl tracking-[0.15em] uppercase"
              onChange={(event) => setCode(event.target.value.toUpperCase())}
            />
          )}
        </Field>
        {error && (
          <p
            role="alert"
            data-testid="claim-error"
            className="rounded-xl border border-danger-600/30 bg-danger-50 px-4 py-3 font-medium text-danger-700"
          >
            {error}
          </p>
        )}
        {needAccount && (
          <p role="status" className="rounded-xl bg-gold-100 px-4 py-3 text-gold-700">
            {t('claim.needAccount')}
          </p>
        )}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t('claim.submitting') : t('claim.submit')}
        </Button>
      </form>
      {!signedIn && (
        <div className="flex flex-col gap-3">
          <Link to={registerHref} className={buttonClasses({ variant: 'secondary' })}>
            {t('claim.register')}
          </Link>
          <Link
            to="/login"
            onClick={() => {
              if (normalizeGiftCode(code)) savePendingGiftCode(code)
            }}
            className={buttonClasses({ variant: 'ghost' })}
          >
            {t('claim.login')}
          </Link>
        </div>
      )}
      <Link to="/" className="text-center text-plum-700 underline underline-offset-4">
        {t('claim.home')}
      </Link>
    </Card>
  )
}

/** /gift (code): the recipient claims a gift. */
export default function ClaimGiftPage() {
  const user = useSignedInUser()
  return (
    <Container width="narrow" className="flex flex-col gap-6 py-10 md:py-14">
      <PageHeading title={t('claim.title')} lead={t('claim.lead')} />
      {user === undefined ? null : <ClaimGift signedIn={user !== null} />}
    </Container>
  )
}
