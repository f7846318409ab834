import { Button } from '@/components/ui/Button'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import { pageCount } from '../lib/format'

export interface PagerProps {
  page: number
  total: number
  pageSize: number
  onPage: (page: number) => void
}

export function Pager({ page, total, pageSize, onPage }: PagerProps) {
  const pages = pageCount(total, pageSize)
  if (pages <= 1) return null
  return (
    <nav className="flex items-center justify-between gap-3" aria-label={t('pageOf', { page: page + 1, pages })}>
      <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('previousPage')}
      </Button>
      <span className="text-sm text-ink-soft">{t('pageOf', { page: page + 1, pages })}</span>
      <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {t('nextPage')}
      </Button>
    </nav>
  )
}
