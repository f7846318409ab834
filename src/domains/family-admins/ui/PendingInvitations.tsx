import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Card, CardTitle } from '@/components/ui/Card'
import { LinkShareCard } from '@/domains/family-admins/ownership-transfer'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { withHonorific } from '@shared/honorific.ts'
import { useCancelInvitation, useRenewInvitationLink, type BookAdmin } from '../api/book-admins'
import { familyAdminRegisterUrl, formatDay } from '../lib/links'

interface FreshLink {
  invitationId: string
  name: string
  link: string
}

/**
 * Invitations not used yet (open or expired), each with 'a new link to send' (copy, WhatsApp; the
 * previous link stops working) and 'cancel'.
 */
export function PendingInvitations({
  bookId,
  deceasedName,
  invitations,
}: {
  bookId: string
  deceasedName: string
  invitations: BookAdmin[]
}) {
  const cancel = useCancelInvitation(bookId)
  const renew = useRenewInvitationLink(bookId)
  const [fresh, setFresh] = useState<FreshLink | null>(null)
  const cancelOne = (invitation: BookAdmin) =>
    cancel.mutate(invitation.id, {
      onSuccess: () => toast.success(t('add.invitationCancelled')),
      onError: () => toast.error(t('add.cancelFailed')),
    })
  const renewOne = (invitation: BookAdmin) =>
    renew.mutate(invitation.id, {
      onSuccess: (renewed) =>
        setFresh({
          invitationId: invitation.id,
          name: renewed.admin_name,
          link: familyAdminRegisterUrl(window.location.origin, { token: renewed.token, bookRef: renewed.short_code }),
        }),
      onError: () => toast.error(t('add.newLinkFailed')),
    })
  const shownFresh = fresh && invitations.some((invitation) => invitation.id === fresh.invitationId) ? fresh : null
  return (
    <Card className="flex flex-col gap-4">
      <CardTitle>{t('add.pendingTitle')}</CardTitle>
      {shownFresh && (
        <LinkShareCard
          title={t('add.linkTitle', { name: shownFresh.name })}
          text={t('add.linkText', { name: shownFresh.name })}
          link={shownFresh.link}
          linkLabel={t('add.linkLabel')}
          whatsappText={t('add.whatsappText', {
            name: shownFresh.name,
            deceased: withHonorific(deceasedName),
            link: shownFresh.link,
          })}
        />
      )}
      {invitations.length === 0 ? (
        <p className="text-ink-soft">{t('add.noPending')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {invitations.map((invitation) => (
            <li key={invitation.id} data-testid="pending-invitation" className="flex flex-col gap-3 py-3">
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
              <div className="flex flex-wrap items-center gap-2">
                <Button variant="secondary" size="sm" disabled={renew.isPending} onClick={() => renewOne(invitation)}>
                  {t('add.newLink')}
                </Button>
                <Button variant="ghost" size="sm" disabled={cancel.isPending} onClick={() => cancelOne(invitation)}>
                  {t('add.cancelInvitation')}
                </Button>
              </div>
              <p className="text-xs text-ink-muted">{t('add.newLinkHint')}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
