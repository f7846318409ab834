import { Card, CardTitle } from '@/components/ui/Card'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { useBookTransfers } from './ownership-transfers'
import { TransferRequestList } from './TransferRequestList'

/** On the owner's dashboard: requests that wait for their approval (nothing when there are none). */
export function OwnerTransferRequests({ bookId }: { bookId: string }) {
  const requests = useBookTransfers(bookId)
  const waiting = (requests.data ?? []).filter((request) => request.status === 'registered_waiting_approval')
  if (waiting.length === 0) return null
  return (
    <Card className="flex flex-col gap-2 border-gold-300 bg-gold-50/60">
      <CardTitle>{t('transfer.dashboardTitle')}</CardTitle>
      <TransferRequestList requests={waiting} />
    </Card>
  )
}
