import { Button } from '@/components/ui/Button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { IsolatedEmails } from '@/components/ui/IsolatedEmails'

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  text: string
  confirmLabel: string
  busy: boolean
  onConfirm: () => void
  danger?: boolean
}

/** Asks once before a step that cannot be taken back (removing an admin, handing over the book). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  busy,
  onConfirm,
  danger,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogTitle>
          <IsolatedEmails text={title} />
        </DialogTitle>
        <div className="mt-2">
          <DialogDescription>{text}</DialogDescription>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">{t('common.keep')}</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  )
}
