import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import {
  BOOKS_PAGE_SIZE,
  useBookPage,
  useDeleteBook,
  useOverviewCounts,
  useRefreshBooks,
  useResetFamilyCode,
  useTogglePaymentStatus,
  type AdminBookRow,
} from '../api/books'
import { shortDate } from '../lib/format'
import { refusalMessage } from '@/lib/refusal'
import { ActionsMenu, type MenuAction } from './ActionsMenu'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { qrDisplayPath } from '@/domains/book/lib/book-links'
import { LoadError } from './LoadError'
import { Pager } from './Pager'
import { SearchBox } from './SearchBox'
import { StatTile } from './StatTile'
import { isPlanType } from '@contracts/plans.ts'

type BookAction = 'dashboard' | 'togglePayment' | 'qr' | 'resetCode' | 'delete'

const bookActions: MenuAction<BookAction>[] = [
  { key: 'dashboard', label: t('books.actions.dashboard') },
  { key: 'togglePayment', label: t('books.actions.togglePayment') },
  { key: 'qr', label: t('books.actions.qr') },
  { key: 'resetCode', label: t('books.actions.resetCode') },
  { key: 'delete', label: t('books.actions.delete'), tone: 'danger' },
]

type PaymentStatus =
  keyof typeof import('@/domains/platform-admin/strings/platform-admin').platformAdminStrings.books.payment

const paymentLabel = (status: string) => t(`books.payment.${status as PaymentStatus}`)
const planLabel = (plan: string) => (isPlanType(plan) ? t(`books.plans.${plan}`) : plan)

/** The admin toggle: paid becomes test, any other status becomes paid. */
const nextPaymentStatus = (status: string) => (status === 'paid' ? 'test' : 'paid')

function PaymentBadge({ book }: { book: AdminBookRow }) {
  return <Badge tone={book.is_paid ? 'success' : 'neutral'}>{paymentLabel(book.payment_status)}</Badge>
}

function BookMenu({ book, onChoose }: { book: AdminBookRow; onChoose: (action: BookAction) => void }) {
  return (
    <ActionsMenu
      label={t('books.actions.menu', { name: book.full_name })}
      triggerText={t('books.columns.actions')}
      title={book.full_name}
      description={book.owner_email ?? t('books.noOwner')}
      actions={bookActions}
      onChoose={onChoose}
    />
  )
}

function BooksTable({
  rows,
  onChoose,
}: {
  rows: AdminBookRow[]
  onChoose: (book: AdminBookRow, a: BookAction) => void
}) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-line bg-surface shadow-soft lg:block">
      <table className="w-full text-start text-sm" aria-label={t('books.tableLabel')}>
        <thead className="bg-stone-100 text-ink-soft">
          <tr>
            {(['owner', 'deceased', 'plan', 'created', 'memories', 'payment', 'actions'] as const).map((column) => (
              <th key={column} scope="col" className="px-4 py-3 text-start font-medium">
                {t(`books.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((book) => (
            <tr key={book.id} className="border-t border-line">
              <td className="max-w-64 truncate px-4 py-3 text-end" dir="ltr">
                {book.owner_email ?? '—'}
              </td>
              <th scope="row" className="px-4 py-3 text-start font-medium text-ink">
                {book.full_name}
                <span className="block text-xs font-normal text-ink-muted text-end" dir="ltr">
                  {book.short_code}
                </span>
              </th>
              <td className="px-4 py-3">{planLabel(book.plan_type)}</td>
              <td className="px-4 py-3 tabular-nums">{shortDate(book.created_at)}</td>
              <td className="px-4 py-3 tabular-nums">{book.memory_count}</td>
              <td className="px-4 py-3">
                <PaymentBadge book={book} />
              </td>
              <td className="px-4 py-3">
                <BookMenu book={book} onChoose={(action) => onChoose(book, action)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function BookCards({
  rows,
  onChoose,
}: {
  rows: AdminBookRow[]
  onChoose: (book: AdminBookRow, a: BookAction) => void
}) {
  return (
    <ul className="flex flex-col gap-3 lg:hidden" aria-label={t('books.tableLabel')}>
      {rows.map((book) => (
        <li key={book.id} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-soft">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-bold text-ink">{book.full_name}</p>
              <p className="truncate text-sm text-ink-soft text-end" dir="ltr">
                {book.owner_email ?? t('books.noOwner')}
              </p>
            </div>
            <PaymentBadge book={book} />
          </div>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-ink-muted">{t('books.columns.plan')}</dt>
              <dd>{planLabel(book.plan_type)}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">{t('books.columns.created')}</dt>
              <dd className="tabular-nums">{shortDate(book.created_at)}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">{t('books.columns.memories')}</dt>
              <dd className="tabular-nums">{book.memory_count}</dd>
            </div>
          </dl>
          <div className="flex items-center justify-between gap-3">
            <span className="text-xs text-ink-muted text-end" dir="ltr">
              {book.short_code}
            </span>
            <BookMenu book={book} onChoose={(action) => onChoose(book, action)} />
          </div>
        </li>
      ))}
    </ul>
  )
}

interface Pending {
  book: AdminBookRow
  action: BookAction
}

function confirmTexts({ book, action }: Pending) {
  const name = book.full_name
  switch (action) {
    case 'dashboard':
      return {
        title: t('books.confirm.dashboardTitle'),
        text: t('books.confirm.dashboardText', { name }),
        confirm: t('books.confirm.dashboardAction'),
      }
    case 'togglePayment':
      return {
        title: t('books.confirm.togglePaymentTitle'),
        text: t('books.confirm.togglePaymentText', {
          name,
          from: paymentLabel(book.payment_status),
          to: paymentLabel(nextPaymentStatus(book.payment_status)),
        }),
        confirm: t('books.confirm.togglePaymentAction'),
      }
    case 'qr':
      return {
        title: t('books.confirm.qrTitle'),
        text: t('books.confirm.qrText', { name }),
        confirm: t('books.confirm.qrAction'),
      }
    case 'resetCode':
      return {
        title: t('books.confirm.resetCodeTitle'),
        text: t('books.confirm.resetCodeText', { name }),
        confirm: t('books.confirm.resetCodeAction'),
      }
    case 'delete':
      return {
        title: t('books.confirm.deleteTitle'),
        text: t('books.confirm.deleteText', { name }),
        confirm: t('books.confirm.deleteAction'),
      }
  }
}

function useBookActions(onDone: () => void) {
  const navigate = useNavigate()
  const toggle = useTogglePaymentStatus()
  const resetCode = useResetFamilyCode()
  const remove = useDeleteBook()
  const fail = (error: unknown) =>
    toast.error(t('actionFailed'), { description: refusalMessage(error, t('actionFailed')) })
  const run = ({ book, action }: Pending) => {
    if (action === 'dashboard') return navigate(`/admin-dashboard?book=${book.id}`)
    if (action === 'qr') return navigate(qrDisplayPath(book.short_code))
    if (action === 'togglePayment')
      return toggle.mutate(book.id, {
        onSuccess: () => toast.success(t('books.paymentUpdated')),
        onError: fail,
        onSettled: onDone,
      })
    if (action === 'resetCode')
      return resetCode.mutate(book.id, {
        onSuccess: (code) => toast.success(t('books.codeReset', { code })),
        onError: fail,
        onSettled: onDone,
      })
    remove.mutate(book.id, { onSuccess: () => toast.success(t('books.deleted')), onError: fail, onSettled: onDone })
  }
  return { run, busy: toggle.isPending || resetCode.isPending || remove.isPending }
}

export function BooksTab() {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(0)
  const [pending, setPending] = useState<Pending | null>(null)
  const books = useBookPage(search, page)
  const counts = useOverviewCounts()
  const refresh = useRefreshBooks()
  const actions = useBookActions(() => setPending(null))
  const onSearch = useCallback((text: string) => {
    setSearch(text)
    setPage(0)
  }, [])
  const texts = pending && confirmTexts(pending)

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap gap-3">
        <StatTile label={t('books.booksCount')} value={counts.data?.books} />
        <StatTile label={t('books.memoriesCount')} value={counts.data?.memories} />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox label={t('books.searchLabel')} placeholder={t('books.searchPlaceholder')} onSearch={onSearch} />
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void refresh()}>
            {t('refresh')}
          </Button>
        </div>
      </div>
      {books.isError ? (
        <LoadError text={t('books.loadError')} onRetry={() => void books.refetch()} />
      ) : books.data ? (
        <>
          <p className="text-sm text-ink-soft" aria-live="polite">
            {books.isFetching
              ? t('searching')
              : t('shownOf', { shown: books.data.rows.length, total: books.data.total })}
          </p>
          {books.data.rows.length === 0 ? (
            <p className="rounded-2xl border border-line bg-surface p-6 text-center text-ink-soft">{t('empty')}</p>
          ) : (
            <>
              <BooksTable rows={books.data.rows} onChoose={(book, action) => setPending({ book, action })} />
              <BookCards rows={books.data.rows} onChoose={(book, action) => setPending({ book, action })} />
            </>
          )}
          <Pager page={page} total={books.data.total} pageSize={BOOKS_PAGE_SIZE} onPage={setPage} />
        </>
      ) : (
        <p className="text-ink-soft">{t('searching')}</p>
      )}
      {pending && texts && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          title={texts.title}
          text={texts.text}
          confirmLabel={texts.confirm}
          cancelLabel={t('cancel')}
          tone={pending.action === 'delete' ? 'danger' : 'primary'}
          busy={actions.busy}
          onConfirm={() => actions.run(pending)}
        />
      )}
    </div>
  )
}
