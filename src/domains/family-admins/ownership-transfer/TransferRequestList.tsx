import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { refusalMessage } from '@/lib/refusal'
import { useDecideTransfer, useWithdrawTransfer, type TransferRequest } from './ownership-transfers'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { IsolatedEmails } from '@/components/ui/IsolatedEmails'

function failureMessage(error: unknown): string {
  return refusalMessage(error, t('transfer.decideFailed'))
}

function RequestRow({ request, onApprove }: { request: TransferRequest; onApprove: () => void }) {
  const decide = useDecideTransfer()
  const withdraw = useWithdrawTransfer()
  const waiting = request.status === 'registered_waiting_approval'
  // mutateAsync: the answer is announced even when the decision has already redrawn the dashboard.
  const decline = async () => {
    try {
      await decide.mutateAsync({ requestId: request.id, approve: false })
      toast.success(t('transfer.declined'))
    } catch (error) {
      toast.error(failureMessage(error))
    }
  }
  const withdrawRequest = () =>
    withdraw.mutate(request.id, {
      onSuccess: () => toast.success(t('transfer.withdrawn')),
      onError: () => toast.error(t('transfer.decideFailed')),
    })
  return (
    <li className="flex flex-col gap-3 py-3">
      <p className="text-ink">
        <IsolatedEmails
          text={
            waiting
              ? t('transfer.waitingApproval', { email: request.invitee_email })
              : t('transfer.waitingRegistration', { email: request.invitee_email })
          }
        />
      </p>
      <div className="flex flex-wrap gap-2">
        {waiting && (
          <>
            <Button size="sm" onClick={onApprove} disabled={decide.isPending}>
              {t('transfer.approve')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void decline()} disabled={decide.isPending}>
              {t('transfer.decline')}
            </Button>
          </>
        )}
        {!waiting && (
          <Button size="sm" variant="ghost" onClick={withdrawRequest} disabled={withdraw.isPending}>
            {t('transfer.withdraw')}
          </Button>
        )}
      </div>
    </li>
  )
}

/** Open transfer requests of a book: withdraw one still waiting for registration, approve or decline a registered one. */
export function TransferRequestList({ requests }: { requests: TransferRequest[] }) {
  const [approving, setApproving] = useState<TransferRequest | null>(null)
  const decide = useDecideTransfer()
  const approve = async () => {
    if (!approving) return
    try {
      await decide.mutateAsync({ requestId: approving.id, approve: true })
      toast.success(<IsolatedEmails text={t('transfer.approved', { email: approving.invitee_email })} />)
      setApproving(null)
    } catch (error) {
      toast.error(failureMessage(error))
    }
  }
  return (
    <>
      <ul className="flex flex-col divide-y divide-line">
        {requests.map((request) => (
          <RequestRow key={request.id} request={request} onApprove={() => setApproving(request)} />
        ))}
      </ul>
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => !open && setApproving(null)}
        title={t('transfer.approveTitle', { email: approving?.invitee_email ?? '' })}
        text={t('transfer.approveText')}
        confirmLabel={t('transfer.approveConfirm')}
        cancelLabel={t('common.keep')}
        busy={decide.isPending}
        onConfirm={() => void approve()}
      />
    </>
  )
}
