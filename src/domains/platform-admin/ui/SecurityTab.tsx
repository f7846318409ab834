import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import { cn } from '@/lib/cn'
import { useCleanupSecurityLog, useSecurityLog, type SecurityLogRow } from '../api/security-log'
import { shortDateTime } from '../lib/format'
import { isSuspiciousAction } from '../lib/security-log'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { LoadError } from './LoadError'
import { UnknownRefunds } from './UnknownRefunds'

function LogRow({ row }: { row: SecurityLogRow }) {
  const suspicious = isSuspiciousAction(row.action)
  return (
    <li
      data-suspicious={suspicious || undefined}
      className={cn(
        'grid gap-1 border-t border-line px-4 py-3 text-sm first:border-t-0 lg:grid-cols-[9rem_1.4fr_1fr_1fr] lg:items-center lg:gap-4',
        suspicious && 'border-s-4 border-s-danger-600 bg-danger-50',
      )}
    >
      <span className="text-ink-muted tabular-nums">{shortDateTime(row.timestamp)}</span>
      <span className="flex flex-wrap items-center gap-2 font-medium break-all text-ink justify-end" dir="ltr">
        {row.action}
        {suspicious && <Badge tone="danger">{t('security.suspicious')}</Badge>}
      </span>
      <span className="truncate text-ink-soft text-end" dir="ltr">
        <span className="sr-only">{t('security.columns.admin')}: </span>
        {row.admin_email ?? t('security.system')}
      </span>
      <span className="truncate text-ink-soft text-end" dir="ltr">
        {row.target_user && (
          <>
            <span className="sr-only">{t('security.columns.target')}: </span>
            {row.target_user}
          </>
        )}
      </span>
    </li>
  )
}

export function SecurityTab() {
  const log = useSecurityLog()
  const cleanup = useCleanupSecurityLog()
  const [confirming, setConfirming] = useState(false)
  const suspiciousCount = log.data?.filter((row) => isSuspiciousAction(row.action)).length ?? 0

  const runCleanup = () =>
    cleanup.mutate(undefined, {
      onSuccess: (count) => toast.success(t('security.cleaned', { count })),
      onError: () => toast.error(t('security.cleanupError')),
      onSettled: () => setConfirming(false),
    })

  return (
    <div className="flex flex-col gap-6">
      <UnknownRefunds />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-serif text-xl font-bold">{t('security.title')}</h2>
          <p className="text-sm text-ink-soft">{t('security.lead')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void log.refetch()}>
            {t('refresh')}
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)} disabled={cleanup.isPending}>
            {cleanup.isPending ? t('security.cleaning') : t('security.cleanup')}
          </Button>
        </div>
      </div>
      {log.isError ? (
        <LoadError text={t('security.loadError')} onRetry={() => void log.refetch()} />
      ) : !log.data ? (
        <p className="text-ink-soft">{t('searching')}</p>
      ) : log.data.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface p-6 text-center text-ink-soft">{t('security.empty')}</p>
      ) : (
        <>
          {suspiciousCount > 0 && (
            <p className="font-medium text-danger-700">{t('security.suspiciousCount', { count: suspiciousCount })}</p>
          )}
          <ol
            aria-label={t('security.tableLabel')}
            className="overflow-hidden rounded-2xl border border-line bg-surface shadow-soft"
          >
            {log.data.map((row) => (
              <LogRow key={row.id} row={row} />
            ))}
          </ol>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('security.cleanupConfirmTitle')}
        text={t('security.cleanupConfirmText')}
        confirmLabel={t('security.cleanupConfirmAction')}
        cancelLabel={t('cancel')}
        tone="danger"
        busy={cleanup.isPending}
        onConfirm={runCleanup}
      />
    </div>
  )
}
