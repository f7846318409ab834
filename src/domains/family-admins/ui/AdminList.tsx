import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Card, CardTitle } from '@/components/ui/Card'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { useRemoveAdmin, type BookAdmin } from '../api/book-admins'
import { formatDay } from '../lib/links'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'

/** The book's confirmed family admins: name, e-mail, joined date, and 'remove'. */
export function AdminList({ bookId, admins }: { bookId: string; admins: BookAdmin[] }) {
  const [removing, setRemoving] = useState<BookAdmin | null>(null)
  const remove = useRemoveAdmin(bookId)
  const confirm = () => {
    if (!removing) return
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(t('add.removed', { name: removing.admin_name }))
        setRemoving(null)
      },
      onError: () => toast.error(t('add.removeFailed')),
    })
  }
  return (
    <Card className="flex flex-col gap-4">
      <CardTitle>{t('add.adminsTitle')}</CardTitle>
      {admins.length === 0 ? (
        <p className="text-ink-soft">{t('add.noAdmins')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {admins.map((admin) => (
            <li key={admin.id} className="flex items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 flex-col">
                <span className="font-medium text-ink">{admin.admin_name}</span>
                <span dir="ltr" className="truncate text-end text-sm text-ink-soft">
                  {admin.email ?? admin.contact}
                </span>
                {admin.confirmed_at && (
                  <span className="text-sm text-ink-muted">
                    {t('add.joinedOn', { date: formatDay(admin.confirmed_at) })}
                  </span>
                )}
              </div>
              <Button variant="ghost" size="sm" onClick={() => setRemoving(admin)}>
                {t('add.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('add.removeTitle', { name: removing?.admin_name ?? '' })}
        text={t('add.removeText')}
        confirmLabel={t('add.removeConfirm')}
        busy={remove.isPending}
        cancelLabel={t('common.keep')}
        onConfirm={confirm}
        tone="danger"
      />
    </Card>
  )
}
