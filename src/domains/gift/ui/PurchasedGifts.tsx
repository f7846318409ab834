import * as Accordion from '@radix-ui/react-accordion'
import { format } from 'date-fns'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/Badge'
import { buttonClasses } from '@/components/ui/button-classes'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { ChevronDownIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { tGifts as t } from '@/domains/gift/strings/gifts'
import { useCancelGift, useMyGifts, useResendGift, type PurchasedGift } from '@/domains/gift/api/gifts'
import { GiftCodeCard } from './GiftCodeCard'
import { refusalMessage } from '@/lib/refusal'

const REFUND_DAYS = 14
const statusTone = {
  pending: 'gold',
  expired: 'danger',
  claimed: 'success',
  cancelled: 'danger',
  replaced: 'neutral',
} as const
type ShownStatus = keyof typeof statusTone

/** A pending gift whose code's time has passed shows as expired: its code no longer opens it. */
function shownStatus(gift: PurchasedGift): ShownStatus {
  const status = (gift.gift_status ?? 'pending') as ShownStatus
  const expired = gift.gift_code_expires_at !== null && new Date(gift.gift_code_expires_at).getTime() <= Date.now()
  return status === 'pending' && expired ? 'expired' : status
}

function withinRefundWindow(gift: PurchasedGift): boolean {
  if (!gift.gift_purchased_at) return false
  return Date.now() - new Date(gift.gift_purchased_at).getTime() < REFUND_DAYS * 24 * 60 * 60 * 1000
}

function CancelGift({ gift }: { gift: PurchasedGift }) {
  const [open, setOpen] = useState(false)
  const cancel = useCancelGift()
  const confirm = () =>
    cancel.mutate(gift.id, {
      onSuccess: () => {
        setOpen(false)
        toast.success(gift.free ? t('list.cancelledFree') : t('list.cancelled'))
      },
      onError: (error) => toast.error(refusalMessage(error, t('list.cancelError'))),
    })
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" className="text-danger-700" onClick={() => setOpen(true)}>
        {gift.free ? t('list.cancelFree') : t('list.cancel')}
      </Button>
      <DialogContent>
        <DialogTitle>{t('list.cancelTitle')}</DialogTitle>
        <DialogDescription>
          <strong className="block text-danger-700">{t('list.cancelWarning')}</strong>
          {gift.free ? t('list.cancelFreeNote') : t('list.cancelRefund')}
        </DialogDescription>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button variant="danger" disabled={cancel.isPending} onClick={confirm}>
            {t('list.cancelConfirm')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('list.cancelKeep')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}

/** A cancelled gift whose refund did not finish: asking again settles it (the server never refunds twice). */
function FinishRefund({ gift }: { gift: PurchasedGift }) {
  const cancel = useCancelGift()
  const finish = () =>
    cancel.mutate(gift.id, {
      onSuccess: () => toast.success(t('list.refundFinished')),
      onError: (error) => toast.error(refusalMessage(error, t('list.cancelError'))),
    })
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="rounded-xl bg-gold-50 px-4 py-3 text-ink">{t('list.refundUnfinished')}</p>
      <Button variant="secondary" disabled={cancel.isPending} onClick={finish}>
        {t('list.finishRefund')}
      </Button>
    </div>
  )
}

function PendingActions({ gift, expired }: { gift: PurchasedGift; expired: boolean }) {
  const resend = useResendGift()
  const again = () =>
    resend.mutate(gift.id, {
      onSuccess: (answer) => toast.success(t('list.resent', { code: answer.new_gift_code })),
      onError: (error) => toast.error(refusalMessage(error, t('list.resendError'))),
    })
  return (
    <div className="flex flex-col gap-4">
      {expired ? (
        <p className="rounded-xl bg-danger-50 px-4 py-3 text-danger-700">
          {t('list.expiredNote', { date: format(new Date(gift.gift_code_expires_at!), 'dd/MM/yyyy') })}
        </p>
      ) : (
        <GiftCodeCard
          code={gift.gift_code ?? ''}
          message={{
            recipientName: gift.gift_recipient_name,
            purchaserName: gift.purchaser_name,
            deceasedName: gift.full_name,
          }}
        />
      )}
      <Button variant={expired ? 'primary' : 'secondary'} disabled={resend.isPending} onClick={again}>
        {expired ? t('list.sendNewCode') : t('list.resend')}
      </Button>
      {withinRefundWindow(gift) && (
        <>
          <CancelGift gift={gift} />
          <p className="text-sm text-ink-muted">{gift.free ? t('list.cancelWindowFree') : t('list.cancelWindow')}</p>
        </>
      )}
    </div>
  )
}

function GiftItem({ gift }: { gift: PurchasedGift }) {
  const status = shownStatus(gift)
  return (
    <Accordion.Item value={gift.id} data-testid="purchased-gift" className="px-5">
      <Accordion.Header className="flex">
        <Accordion.Trigger className="group flex flex-1 items-center justify-between gap-3 py-4 text-start focus-visible:rounded-md focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none">
          <span className="flex flex-col gap-1">
            <span className="font-medium text-ink">{t('list.bookFor', { name: gift.full_name })}</span>
            {gift.gift_recipient_name && (
              <span className="text-sm text-ink-soft">{t('list.recipient', { name: gift.gift_recipient_name })}</span>
            )}
            {gift.gift_purchased_at && (
              <span className="text-sm text-ink-soft">
                {t('list.purchasedAt', { date: format(new Date(gift.gift_purchased_at), 'dd/MM/yyyy HH:mm') })}
              </span>
            )}
          </span>
          <span className="flex items-center gap-2">
            <Badge tone={statusTone[status] ?? 'neutral'}>{t(`list.status.${status}`)}</Badge>
            <ChevronDownIcon
              aria-hidden="true"
              className="size-5 text-plum-600 transition-transform group-data-[state=open]:rotate-180"
            />
          </span>
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="pb-5">
        {status === 'pending' || status === 'expired' ? (
          <PendingActions gift={gift} expired={status === 'expired'} />
        ) : status === 'claimed' ? (
          <p className="rounded-xl bg-emerald-50 px-4 py-3 text-emerald-800">{t('list.claimedNote')}</p>
        ) : gift.refundUnfinished ? (
          <FinishRefund gift={gift} />
        ) : null}
      </Accordion.Content>
    </Accordion.Item>
  )
}

/** The purchaser's gifts on the dashboard: an accordion of gifts, plus gift payments still without a code. */
export function PurchasedGifts({ userId, open }: { userId: string; open: boolean }) {
  const gifts = useMyGifts(userId)
  return (
    <section aria-labelledby="purchased-gifts-title" id="purchases" className="flex flex-col gap-4">
      <h2 id="purchased-gifts-title" className="font-serif text-2xl font-bold text-ink">
        {t('list.title')}
      </h2>
      {gifts.isPending ? (
        <Spinner />
      ) : gifts.isError ? (
        <p role="alert" className="text-danger-700">
          {t('list.loadError')}
        </p>
      ) : (
        <>
          {gifts.data.unfinished.map((session) => (
            <Card key={session.session_id} className="flex flex-col items-start gap-3">
              <h3 className="font-medium text-ink">{t('list.unfinishedTitle')}</h3>
              <p className="text-ink-soft">{t('list.unfinished')}</p>
              <Link
                to={`/gift-generation?${new URLSearchParams({ plan: session.plan_type, paid: 'true', session_id: session.session_id })}`}
                className={buttonClasses()}
              >
                {t('list.finish')}
              </Link>
            </Card>
          ))}
          {gifts.data.gifts.length === 0 ? (
            gifts.data.unfinished.length === 0 && <p className="text-ink-soft">{t('list.empty')}</p>
          ) : (
            <Accordion.Root
              type="single"
              collapsible
              dir="rtl"
              defaultValue={open ? gifts.data.gifts[0]?.id : undefined}
              className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-soft"
            >
              {gifts.data.gifts.map((gift) => (
                <GiftItem key={gift.id} gift={gift} />
              ))}
            </Accordion.Root>
          )}
        </>
      )}
    </section>
  )
}
