import { useId, useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/Dialog'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Textarea } from '@/components/ui/Textarea'
import { ChatIcon, CopyIcon, QrIcon, ShareIcon } from '@/components/ui/media-icons'
import { tSharing as t } from '@/domains/book/strings/sharing'
import { qrDisplayPath, shareUrl, whatsappShareUrl } from '@/domains/book/lib/book-links'
import { copyText } from '@/lib/clipboard'
import { buildInvitationText } from '@/domains/book/lib/invitation-text'

export interface ShareBookDialogProps {
  /** The book's short public id (book_id). */
  shortCode: string
  /** The deceased's name (the honorific is added). */
  deceasedName: string
  /** Prefills "your name", e.g. the creator's or the signed-in owner's name. */
  defaultSharerName?: string
  /** The element that opens the dialog; a 'share' button when absent. */
  trigger?: ReactNode
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

/**
 * The share dialog of the dashboard header: the sharer's name and optional words, a live preview
 * of the invitation, copy, WhatsApp, and the QR page in a new tab.
 */
export function ShareBookDialog({
  shortCode,
  deceasedName,
  defaultSharerName = '',
  trigger,
  open,
  onOpenChange,
}: ShareBookDialogProps) {
  const [sharerName, setSharerName] = useState(defaultSharerName)
  const [message, setMessage] = useState('')
  const previewId = useId()
  const text = buildInvitationText({ sharerName, deceasedName, message, link: shareUrl(shortCode) })

  const copy = async () => {
    if (await copyText(text)) toast.success(t('dialog.copied'))
    else toast.error(t('dialog.copyFailed'))
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {trigger ?? (
          <Button variant="secondary" size="sm">
            <ShareIcon className="size-4" />
            {t('dialog.trigger')}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-h-[92dvh] overflow-y-auto">
        <DialogTitle>{t('dialog.title')}</DialogTitle>
        <DialogDescription>{t('dialog.description')}</DialogDescription>
        <div className="mt-5 flex flex-col gap-4">
          <Field label={t('dialog.sharerLabel')}>
            {(control) => (
              <Input
                {...control}
                value={sharerName}
                maxLength={80}
                placeholder={t('dialog.sharerPlaceholder')}
                onChange={(event) => setSharerName(event.target.value)}
              />
            )}
          </Field>
          <Field label={t('dialog.messageLabel')}>
            {(control) => (
              <Textarea
                {...control}
                value={message}
                rows={3}
                maxLength={600}
                placeholder={t('dialog.messagePlaceholder')}
                onChange={(event) => setMessage(event.target.value)}
              />
            )}
          </Field>
          <div>
            <p id={previewId} className="text-sm font-medium text-ink-soft">
              {t('dialog.previewLabel')}
            </p>
            <p
              aria-labelledby={previewId}
              aria-live="polite"
              data-testid="invitation-preview"
              className="mt-1.5 rounded-xl border border-line bg-canvas p-4 text-start leading-relaxed whitespace-pre-line text-ink"
            >
              {text}
            </p>
          </div>
          <div className="flex flex-col gap-2">
            <Button onClick={copy} className="w-full">
              <CopyIcon className="size-5" />
              {t('dialog.copy')}
            </Button>
            <a
              href={whatsappShareUrl(text)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: 'secondary' }, 'w-full')}
            >
              <ChatIcon className="size-5" />
              {t('dialog.whatsapp')}
            </a>
            <a
              href={qrDisplayPath(shortCode)}
              target="_blank"
              rel="noopener"
              className={buttonClasses({ variant: 'ghost' }, 'w-full')}
            >
              <QrIcon className="size-5" />
              {t('dialog.showQr')}
            </a>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}
