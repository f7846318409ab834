import { useState } from 'react'
import { Link } from 'react-router-dom'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import { useCoupons, useDeleteCoupon, type CouponRow } from '@/domains/platform-admin/api/coupons'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { CreateCouponDialog } from '@/domains/platform-admin/ui/CreateCouponDialog'
import { LoadError } from '@/domains/platform-admin/ui/LoadError'
import { StatTile } from '@/domains/platform-admin/ui/StatTile'
import { couponAmount, couponStatus, type CouponStatus } from '@/domains/platform-admin/lib/coupon-status'
import { refusalMessage } from '@/lib/refusal'
import { shortDate } from '@/domains/platform-admin/lib/format'
import { isPlanType } from '@contracts/plans.ts'

const statusTone: Record<CouponStatus, 'success' | 'neutral' | 'danger'> = {
  active: 'success',
  expired: 'neutral',
  exhausted: 'danger',
}

function discountText(coupon: CouponRow): string {
  const value = couponAmount(coupon.value)
  return coupon.discount_type === 'percent' ? t('coupons.percentValue', { value }) : t('coupons.fixedValue', { value })
}

function planText(coupon: CouponRow): string {
  return isPlanType(coupon.target_plan) ? t(`books.plans.${coupon.target_plan}`) : t('coupons.anyPlan')
}

function usesText(coupon: CouponRow): string {
  return t('coupons.usesValue', {
    used: coupon.uses_count,
    max: coupon.max_uses === null ? t('coupons.unlimited') : coupon.max_uses,
  })
}

function CouponItem({ coupon, now, onDelete }: { coupon: CouponRow; now: Date; onDelete: (c: CouponRow) => void }) {
  const status = couponStatus(coupon, now)
  return (
    <li className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-line px-4 py-4 text-sm first:border-t-0 lg:grid-cols-[1.2fr_0.8fr_1fr_0.8fr_0.8fr_0.8fr_auto] lg:items-center">
      <span className="col-span-2 font-mono text-base font-bold text-ink lg:col-span-1" dir="ltr">
        <span className="block text-end lg:text-start">{coupon.code}</span>
      </span>
      <Cell label={t('coupons.columns.discount')}>{discountText(coupon)}</Cell>
      <Cell label={t('coupons.columns.plan')}>{planText(coupon)}</Cell>
      <Cell label={t('coupons.columns.uses')}>
        <span dir="ltr">{usesText(coupon)}</span>
      </Cell>
      <Cell label={t('coupons.columns.expires')}>
        {coupon.expires_at ? shortDate(coupon.expires_at) : t('coupons.noExpiry')}
      </Cell>
      <Cell label={t('coupons.columns.status')}>
        <Badge tone={statusTone[status]}>{t(`coupons.status.${status}`)}</Badge>
      </Cell>
      <div className="col-span-2 flex justify-end lg:col-span-1">
        <Button
          variant="ghost"
          size="sm"
          className="text-danger-700"
          aria-label={t('coupons.deleteLabel', { code: coupon.code })}
          onClick={() => onDelete(coupon)}
        >
          {t('coupons.delete')}
        </Button>
      </div>
    </li>
  )
}

/** A value with its column name above it on a phone; on a desktop the header row names it. */
function Cell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span className="text-xs text-ink-muted lg:sr-only">{label}</span>
      <span>{children}</span>
    </div>
  )
}

function HeaderRow() {
  return (
    <div
      aria-hidden="true"
      className="hidden bg-stone-100 px-4 py-3 text-sm font-medium text-ink-soft lg:grid lg:grid-cols-[1.2fr_0.8fr_1fr_0.8fr_0.8fr_0.8fr_auto] lg:gap-x-4"
    >
      {(['code', 'discount', 'plan', 'uses', 'expires', 'status', 'actions'] as const).map((column) => (
        <span key={column}>{t(`coupons.columns.${column}`)}</span>
      ))}
    </div>
  )
}

function Coupons() {
  const coupons = useCoupons()
  const remove = useDeleteCoupon()
  const [deleting, setDeleting] = useState<CouponRow | null>(null)
  const now = new Date()
  const rows = coupons.data ?? []
  const active = rows.filter((coupon) => couponStatus(coupon, now) === 'active').length
  const uses = rows.reduce((sum, coupon) => sum + coupon.uses_count, 0)

  const confirmDelete = (coupon: CouponRow) =>
    remove.mutate(coupon.id, {
      onSuccess: () => toast.success(t('coupons.deleted')),
      onError: (error) =>
        toast.error(t('coupons.deleteError'), { description: refusalMessage(error, t('actionFailed')) }),
      onSettled: () => setDeleting(null),
    })

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-5 py-8 md:px-8 md:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold text-ink md:text-4xl">{t('coupons.title')}</h1>
          <p className="mt-2 text-ink-soft">{t('coupons.lead')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CreateCouponDialog />
          <Link to="/admin-panel" className={buttonClasses({ variant: 'secondary' })}>
            {t('coupons.backToPanel')}
          </Link>
        </div>
      </header>
      <div className="flex flex-wrap gap-3">
        <StatTile label={t('coupons.stats.total')} value={coupons.data ? rows.length : undefined} />
        <StatTile label={t('coupons.stats.active')} value={coupons.data ? active : undefined} />
        <StatTile label={t('coupons.stats.uses')} value={coupons.data ? uses : undefined} />
      </div>
      {coupons.isError ? (
        <LoadError text={t('coupons.loadError')} onRetry={() => void coupons.refetch()} />
      ) : !coupons.data ? (
        <p className="text-ink-soft">{t('searching')}</p>
      ) : rows.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface p-6 text-center text-ink-soft">{t('coupons.empty')}</p>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-soft">
          <HeaderRow />
          <ul aria-label={t('coupons.tableLabel')}>
            {rows.map((coupon) => (
              <CouponItem key={coupon.id} coupon={coupon} now={now} onDelete={setDeleting} />
            ))}
          </ul>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('coupons.deleteConfirmTitle')}
          text={t('coupons.deleteConfirmText')}
          confirmLabel={t('coupons.deleteConfirmAction')}
          cancelLabel={t('cancel')}
          tone="danger"
          busy={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
    </div>
  )
}

/** /admin/coupons: stats, the coupon list with its derived status, create and delete; platform admins only. */
export default function AdminCouponsPage() {
  return <Coupons />
}
