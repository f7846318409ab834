import { NAME_MAX } from '@contracts/limits.ts'
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { buttonClasses } from '@/components/ui/button-classes'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { PageHeading } from '@/components/ui/PageHeading'
import { tGifts as t } from '@/domains/gift/strings/gifts'
import { useGiftOf, type PurchasedGift } from '@/domains/gift/api/gifts'
import { createGiftFailureMessage, useCreateGift } from '@/domains/gift/api/create-gift'
import { BusyNote } from './components/BusyNote'
import { GiftCodeCard } from '@/domains/gift/ui/GiftCodeCard'

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  )
}

function Completed({ gift, notice }: { gift: PurchasedGift; notice?: string }) {
  return (
    <Card className="flex flex-col gap-5">
      {notice && <p className="rounded-xl bg-gold-100 px-4 py-3 text-gold-700">{notice}</p>}
      <GiftCodeCard
        code={gift.gift_code ?? ''}
        message={{
          recipientName: gift.gift_recipient_name,
          purchaserName: gift.purchaser_name,
          deceasedName: gift.full_name,
        }}
      />
      <p className="text-ink-soft">{t('generation.waiting')}</p>
      <Link to="/dashboard?view=purchases" className={buttonClasses({ variant: 'secondary' })}>
        {t('generation.backToDashboard')}
      </Link>
    </Card>
  )
}

function GiftForm({ sessionId, initialDeceased }: { sessionId: string; initialDeceased: string }) {
  const navigate = useNavigate()
  const online = useOnline()
  const [recipient, setRecipient] = useState('')
  const [deceased, setDeceased] = useState(initialDeceased)
  const [blankError, setBlankError] = useState(false)
  const create = useCreateGift(sessionId)
  const error = blankError ? t('generation.fillAll') : create.error ? createGiftFailureMessage(create.error) : null
  const retrying = create.isPending && create.failureCount > 0
  // The attempt under way, or the last one made.
  const attempt = create.isPending ? create.failureCount + 1 : create.failureCount

  // Each failed attempt that will be tried again says so.
  useEffect(() => {
    if (retrying) toast.error(t('generation.connectionProblem'))
  }, [retrying, create.failureCount])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setBlankError(false)
    create.reset()
    if (!recipient.trim() || !deceased.trim()) {
      setBlankError(true)
      return
    }
    if (!navigator.onLine) {
      toast.error(t('generation.noInternet'))
      return
    }
    create.mutate(
      { recipient_name: recipient.trim(), deceased_name: deceased.trim() },
      {
        onSuccess: () => navigate(`/gift-created?${new URLSearchParams({ session_id: sessionId, paid: 'true' })}`),
        onError: (failure) => toast.error(createGiftFailureMessage(failure)),
      },
    )
  }

  const blank = !recipient.trim() || !deceased.trim()
  return (
    <Card>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <p className="flex items-center gap-2 text-sm" role="status">
          <span
            aria-hidden
            className={online ? 'size-2.5 rounded-full bg-emerald-600' : 'size-2.5 rounded-full bg-danger-600'}
          />
          <span className={online ? 'text-emerald-800' : 'text-danger-700'}>
            {online ? t('generation.online') : t('generation.offline')}
          </span>
          {attempt > 0 && <span className="ms-auto text-ink-muted">{t('generation.attempt', { n: attempt })}</span>}
        </p>
        <Field label={t('generation.recipientName')}>
          {(control) => (
            <Input
              {...control}
              value={recipient}
              maxLength={NAME_MAX}
              autoComplete="off"
              onChange={(e) => setRecipient(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('generation.deceasedName')}>
          {(control) => (
            <Input
              {...control}
              value={deceased}
              maxLength={NAME_MAX}
              autoComplete="off"
              onChange={(e) => setDeceased(e.target.value)}
            />
          )}
        </Field>
        {error && (
          <p role="alert" className="rounded-xl bg-danger-50 px-4 py-3 font-medium text-danger-700">
            {error}
          </p>
        )}
        {!online && (
          <p className="text-sm font-medium text-danger-700" data-testid="offline-hint">
            {create.isPending ? t('generation.waitingForConnection') : t('generation.offlineHint')}
          </p>
        )}
        <Button type="submit" size="lg" disabled={blank || create.isPending || !online}>
          {retrying ? t('generation.retrying') : create.isPending ? t('generation.creating') : t('generation.create')}
        </Button>
      </form>
    </Card>
  )
}

function NoPayment() {
  return (
    <Card className="flex flex-col items-start gap-4">
      <p className="text-ink-soft">{t('generation.noPayment')}</p>
      <Link to="/select-plan?gift=true&type=gift" className={buttonClasses()}>
        {t('generation.choosePlan')}
      </Link>
    </Card>
  )
}

function GiftGeneration() {
  const [params] = useSearchParams()
  const sessionId = params.get('session_id')
  const paid = params.get('paid') === 'true' || Boolean(sessionId)
  const existing = useGiftOf(sessionId)

  const title = paid ? t('generation.paidTitle') : t('generation.title')
  let body
  if (!sessionId) body = <NoPayment />
  else if (existing.isPending) body = <BusyNote label={t('generation.checking')} />
  else if (existing.data) body = <Completed gift={existing.data} notice={t('generation.existingNotice')} />
  else {
    body = <GiftForm sessionId={sessionId} initialDeceased={params.get('name') ?? ''} />
  }
  return (
    <Container width="narrow" className="flex flex-col gap-8 py-10 md:py-14">
      <PageHeading
        title={existing.data ? t('generation.created') : title}
        lead={existing.data ? undefined : t('generation.lead')}
      />
      {body}
    </Container>
  )
}

/** /gift-generation (plan, name, paid, session_id, book_id): the purchaser names the gift; the server creates it. */
export default function GiftGenerationPage() {
  return <GiftGeneration />
}
