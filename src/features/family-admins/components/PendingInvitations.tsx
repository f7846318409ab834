import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Card, CardTitle } from '@/components/ui/Card'
import { tFamilyAdmins as t } from '@/i18n/family-admins'
import { useCancelInvitation, type BookAdmin } from '../api/book-admins'
import { formatDay } from '../lib/links'

/** Invitations not used yet (open or expired), each with 'cancel'. */
export function PendingInvitations({ bookId, invitations }: { bookId: string; invitations: BookAdmin[] }) {
  const cancel = useCancelInvitation(bookId)
  const cancelOne = (invitation: BookAdmin) =>
    cancel.mutate(invitation.id, {
      onSuccess: () => toast.success(t('add.invitationCancelled')),
      onError: () => toast.error(t('add.cancelFailed')),
    })
  return (
    <Card className="flex flex-col gap-4">
      <CardTitle>{t('add.pendingTitle')}</CardTitle>
      {invitations.length === 0 ? (
        <p className="text-ink-soft">{t('add.noPending')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 flex-col">
                <span className="font-medium text-ink">{invitation.admin_name}</span>
                <span dir="ltr" className="truncate text-end text-sm text-ink-soft">
                  {invitation.contact}
                </span>
                <span className="text-sm text-ink-muted">
                  {invitation.state === 'expired'
                    ? t('add.expired')
                    : t('add.validUntil', { date: formatDay(invitation.expires_at ?? invitation.created_at) })}
                </span>
              </div>
              <Button variant="ghost" size="sm" disabled={cancel.isPending} onClick={() => cancelOne(invitation)}>
                {t('add.cancelInvitation')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
