import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import { copyText } from '@/lib/clipboard'
import { IsolatedEmails } from '@/components/ui/IsolatedEmails'

export interface TemporaryPasswordDialogProps {
  email: string
  password: string
  onClose: () => void
}

/** The temporary password the server set, shown once; closing the dialog forgets it. */
export function TemporaryPasswordDialog({ email, password, onClose }: TemporaryPasswordDialogProps) {
  const [copied, setCopied] = useState(false)
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle className="pe-10">{t('users.doneTitle')}</DialogTitle>
        <DialogDescription className="mt-3 leading-relaxed">
          <IsolatedEmails text={t('users.doneText', { email })} />
        </DialogDescription>
        <p className="mt-5 text-sm text-ink-soft" id="temporary-password-label">
          {t('users.temporaryPassword')}
        </p>
        <output
          aria-labelledby="temporary-password-label"
          dir="ltr"
          data-testid="temporary-password"
          className="mt-1 block rounded-xl border border-line bg-stone-100 px-4 py-3 text-center font-mono text-xl tracking-wider text-ink select-all"
        >
          {password}
        </output>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => void copyText(password).then((ok) => setCopied(ok))}>
            {copied ? t('users.copied') : t('users.copy')}
          </Button>
          <Button onClick={onClose}>{t('users.done')}</Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
