import type { ReactNode } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import { IsolatedEmails } from '@/components/ui/IsolatedEmails'

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  text: ReactNode
  confirmLabel: string
  onConfirm: () => void
  tone?: 'primary' | 'danger'
  busy?: boolean
}

/** Every admin row action asks first: a title, what will happen, the action and a way back. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  onConfirm,
  tone = 'primary',
  busy,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogTitle className="pe-10">
          <IsolatedEmails text={title} />
        </DialogTitle>
        <DialogDescription className="mt-3 leading-relaxed">
          {typeof text === 'string' ? <IsolatedEmails text={text} /> : text}
        </DialogDescription>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary">{t('cancel')}</Button>
          </DialogClose>
          <Button variant={tone} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
