import type { ReactNode } from 'react'
import { Button } from './Button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from './Dialog'
import { IsolatedEmails } from './IsolatedEmails'

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** What will happen; an e-mail address in a string stays readable left to right. */
  text: ReactNode
  confirmLabel: string
  /** The way back, which only closes the dialog. */
  cancelLabel: string
  onConfirm: () => void
  /** `danger` for a step that deletes or cannot be taken back. */
  tone?: 'primary' | 'danger'
  /** While the step runs the confirm button is disabled, so it is never sent twice. */
  busy?: boolean
  /** What may be done first (e.g. a link to save a copy), between the text and the buttons. */
  children?: ReactNode
}

/**
 * The app's one "are you sure?": an alert dialog with a title, what will happen, the action and a
 * way back. On a phone the two buttons stack, the action on top; from `sm` they sit in a row.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'primary',
  busy,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogTitle className="pe-10">
          <IsolatedEmails text={title} />
        </DialogTitle>
        <div className="mt-2">
          <DialogDescription>{typeof text === 'string' ? <IsolatedEmails text={text} /> : text}</DialogDescription>
        </div>
        {children && <div className="mt-4">{children}</div>}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
          <Button variant={tone} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">{cancelLabel}</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  )
}
