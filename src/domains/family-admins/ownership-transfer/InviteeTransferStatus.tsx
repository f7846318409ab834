import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Card, CardDescription, CardTitle } from '@/components/ui/Card'
import { LifeDates } from '@/domains/book/ui/LifeDates'
import { SizedImage } from '@/components/ui/SizedImage'
import { Spinner } from '@/components/ui/Spinner'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { refusalMessage } from '@/lib/refusal'
import { withHonorific } from '@shared/honorific.ts'
import {
  clearPendingOwnershipTransfer,
  readPendingOwnershipTransfer,
} from '@/domains/family-admins/ownership-transfer/pending-ownership-transfer'
import { useBookCard } from '@/domains/book/api/get-book-card'
import { familyAdminKeys } from '@/domains/family-admins/api/family-admin-keys'
import { registerTransfer, useMyWaitingTransfers, type TransferRequest } from './ownership-transfers'

/** The transfer invitation opened before signing in is recorded once, now that the invitee is signed in. */
function useRegisterPendingTransfer() {
  const queryClient = useQueryClient()
  const started = useRef(false)
  const register = useMutation({
    mutationFn: registerTransfer,
    onSettled: () => {
      clearPendingOwnershipTransfer()
      return queryClient.invalidateQueries({ queryKey: familyAdminKeys.transfers() })
    },
  })
  useEffect(() => {
    const token = readPendingOwnershipTransfer()
    if (!token || started.current) return
    started.current = true
    register.mutate(token)
  }, [register])
  return register
}

function WaitingBook({ request }: { request: TransferRequest }) {
  const card = useBookCard(request.book_id)
  const book = card.data
  return (
    <Card role="status" className="flex flex-col gap-4 border-gold-300">
      <CardTitle>{t('waiting.title')}</CardTitle>
      <CardDescription>{t('waiting.text', { name: withHonorific(book?.full_name ?? '') })}</CardDescription>
      {book && (
        <div className="flex items-center gap-4 rounded-2xl bg-plum-50/70 p-4">
          <div className="size-16 shrink-0 overflow-hidden rounded-full border border-line bg-surface">
            {book.profile_image_url && (
              <SizedImage src={book.profile_image_url} variant={240} alt="" className="size-full object-cover" />
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <p className="font-serif text-lg font-bold text-ink">{withHonorific(book.full_name)}</p>
            <LifeDates birthDate={book.birth_date} deathDate={book.death_date} className="text-sm text-ink-soft" />
            {book.memory_quote && <p className="text-sm text-ink-soft">{book.memory_quote}</p>}
          </div>
        </div>
      )}
      <p className="text-sm text-ink-muted">{t('waiting.readOnly')}</p>
    </Card>
  )
}

/**
 * The invitee's side of an ownership transfer on the dashboard: records a pending invitation
 * (opened at /login), then shows each request that waits for the owner, with the book read-only.
 */
export function InviteeTransferStatus({ userId }: { userId: string }) {
  const register = useRegisterPendingTransfer()
  const waiting = useMyWaitingTransfers(userId)
  if (register.isPending) {
    return (
      <div className="flex items-center gap-3 text-ink-soft">
        <Spinner label={t('waiting.registering')} />
        <span aria-hidden="true">{t('waiting.registering')}</span>
      </div>
    )
  }
  return (
    <>
      {register.isError && (
        <Card role="alert" className="flex flex-col gap-2 border-danger-600/30 bg-danger-50">
          <CardTitle>{t('waiting.failedTitle')}</CardTitle>
          <CardDescription>{refusalMessage(register.error, t('transfer.failed'))}</CardDescription>
        </Card>
      )}
      {(waiting.data ?? []).map((request) => (
        <WaitingBook key={request.id} request={request} />
      ))}
    </>
  )
}
