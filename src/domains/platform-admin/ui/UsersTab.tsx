import { useCallback, useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import { useOverviewCounts } from '../api/books'
import {
  USERS_PAGE_SIZE,
  useDeleteUserAccount,
  useResetUserPassword,
  useUserPage,
  type AdminUserRow,
} from '../api/users'
import { refusalMessage } from '@/lib/refusal'
import { shortDate } from '../lib/format'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { LoadError } from './LoadError'
import { Pager } from './Pager'
import { SearchBox } from './SearchBox'
import { StatTile } from './StatTile'
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog'

const roleLabel = (role: string) => t(role === 'admin' ? 'users.roles.admin' : 'users.roles.user')

type UserAction = 'reset' | 'delete'

interface PendingAction {
  user: AdminUserRow
  action: UserAction
}

type OnAction = (pending: PendingAction) => void

function UserActions({ user, onAction }: { user: AdminUserRow; onAction: OnAction }) {
  const email = user.email ?? ''
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('users.resetPasswordFor', { email })}
        onClick={() => onAction({ user, action: 'reset' })}
      >
        {t('users.resetPassword')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('users.deleteAccountFor', { email })}
        onClick={() => onAction({ user, action: 'delete' })}
      >
        {t('users.deleteAccount')}
      </Button>
    </div>
  )
}

function UsersTable({ rows, onAction }: { rows: AdminUserRow[]; onAction: OnAction }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-line bg-surface shadow-soft lg:block">
      <table className="w-full text-sm" aria-label={t('users.tableLabel')}>
        <thead className="bg-stone-100 text-ink-soft">
          <tr>
            {(['email', 'name', 'role', 'registered', 'mustChange', 'actions'] as const).map((column) => (
              <th key={column} scope="col" className="px-4 py-3 text-start font-medium">
                {t(`users.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((user) => (
            <tr key={user.id} className="border-t border-line">
              <th scope="row" className="max-w-72 truncate px-4 py-3 font-medium text-ink text-end" dir="ltr">
                {user.email}
              </th>
              <td className="px-4 py-3">{user.full_name || t('notSet')}</td>
              <td className="px-4 py-3">
                <Badge tone={user.role === 'admin' ? 'accent' : 'neutral'}>{roleLabel(user.role)}</Badge>
              </td>
              <td className="px-4 py-3 tabular-nums">{shortDate(user.created_at)}</td>
              <td className="px-4 py-3">{user.must_change_password ? t('yes') : t('no')}</td>
              <td className="px-4 py-3">
                <UserActions user={user} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function UserCards({ rows, onAction }: { rows: AdminUserRow[]; onAction: OnAction }) {
  return (
    <ul className="flex flex-col gap-3 lg:hidden" aria-label={t('users.tableLabel')}>
      {rows.map((user) => (
        <li key={user.id} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-soft">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-bold text-ink">{user.full_name || t('notSet')}</p>
              <p className="truncate text-sm text-ink-soft text-end" dir="ltr">
                {user.email}
              </p>
            </div>
            <Badge tone={user.role === 'admin' ? 'accent' : 'neutral'}>{roleLabel(user.role)}</Badge>
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-ink-muted">{t('users.columns.registered')}</dt>
              <dd className="tabular-nums">{shortDate(user.created_at)}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">{t('users.columns.mustChange')}</dt>
              <dd>{user.must_change_password ? t('yes') : t('no')}</dd>
            </div>
          </dl>
          <div className="flex justify-end">
            <UserActions user={user} onAction={onAction} />
          </div>
        </li>
      ))}
    </ul>
  )
}

export function UsersTab() {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(0)
  const [confirming, setConfirming] = useState<PendingAction | null>(null)
  const [result, setResult] = useState<{ email: string; password: string } | null>(null)
  const users = useUserPage(search, page)
  const counts = useOverviewCounts()
  const reset = useResetUserPassword()
  const remove = useDeleteUserAccount()
  const onSearch = useCallback((text: string) => {
    setSearch(text)
    setPage(0)
  }, [])

  const confirmReset = (user: AdminUserRow) => {
    const email = user.email ?? ''
    reset.mutate(email, {
      onSuccess: (password) => setResult({ email, password }),
      onError: (error) =>
        toast.error(t('users.resetErrorTitle'), { description: refusalMessage(error, t('users.resetErrorFallback')) }),
      onSettled: () => setConfirming(null),
    })
  }

  const confirmDelete = (user: AdminUserRow) =>
    remove.mutate(user.email ?? '', {
      onSuccess: () => toast.success(t('users.accountDeleted', { email: user.email ?? '' })),
      onError: (error) =>
        toast.error(t('users.deleteErrorTitle'), {
          description: refusalMessage(error, t('users.deleteErrorFallback')),
        }),
      onSettled: () => setConfirming(null),
    })

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap gap-3">
        <StatTile label={t('users.usersCount')} value={counts.data?.users} />
        <StatTile label={t('users.adminsCount')} value={counts.data?.admins} />
      </div>
      <SearchBox label={t('users.searchLabel')} placeholder={t('users.searchPlaceholder')} onSearch={onSearch} />
      {users.isError ? (
        <LoadError text={t('users.loadError')} onRetry={() => void users.refetch()} />
      ) : users.data ? (
        <>
          <p className="text-sm text-ink-soft" aria-live="polite">
            {users.isFetching
              ? t('searching')
              : t('shownOf', { shown: users.data.rows.length, total: users.data.total })}
          </p>
          {users.data.rows.length === 0 ? (
            <p className="rounded-2xl border border-line bg-surface p-6 text-center text-ink-soft">{t('empty')}</p>
          ) : (
            <>
              <UsersTable rows={users.data.rows} onAction={setConfirming} />
              <UserCards rows={users.data.rows} onAction={setConfirming} />
            </>
          )}
          <Pager page={page} total={users.data.total} pageSize={USERS_PAGE_SIZE} onPage={setPage} />
        </>
      ) : (
        <p className="text-ink-soft">{t('searching')}</p>
      )}
      {confirming?.action === 'reset' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={t('users.confirmTitle')}
          text={t('users.confirmText', { email: confirming.user.email ?? '' })}
          confirmLabel={reset.isPending ? t('users.resetting') : t('users.confirmAction')}
          cancelLabel={t('cancel')}
          busy={reset.isPending}
          onConfirm={() => confirmReset(confirming.user)}
        />
      )}
      {confirming?.action === 'delete' && (
        <ConfirmDialog
          open
          tone="danger"
          onOpenChange={(open) => !open && setConfirming(null)}
          title={t('users.deleteTitle')}
          text={t('users.deleteText', { email: confirming.user.email ?? '' })}
          confirmLabel={remove.isPending ? t('users.deleting') : t('users.deleteAction')}
          cancelLabel={t('cancel')}
          busy={remove.isPending}
          onConfirm={() => confirmDelete(confirming.user)}
        />
      )}
      {result && (
        <TemporaryPasswordDialog email={result.email} password={result.password} onClose={() => setResult(null)} />
      )}
    </div>
  )
}
