import { useState } from 'react'
import { toast } from 'sonner'
import { buttonClasses } from '@/components/ui/button-classes'
import { Button } from '@/components/ui/Button'
import { tGifts as t } from '@/domains/gift/strings/gifts'
import { whatsappShareUrl } from '@/domains/book/lib/book-links'
import { copyText } from '@/lib/clipboard'
import { giftMessage, type GiftMessageFacts } from '@/domains/gift/lib/whatsapp'

export interface GiftCodeCardProps {
  code: string
  /** The WhatsApp button needs the deceased name as well as the code. */
  message: Omit<GiftMessageFacts, 'code'> | null
}

/** The gift code with a copy button and the WhatsApp send button ('send again' after the first send). */
export function GiftCodeCard({ code, message }: GiftCodeCardProps) {
  const [sent, setSent] = useState(false)
  const copy = async () => {
    if (await copyText(code)) toast.success(t('code.copied'))
    else toast.error(t('code.copyFailed'))
  }
  return (
    <div className="flex flex-col items-stretch gap-4">
      <div className="flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-plum-300 bg-plum-50 px-4 py-5">
        <span className="text-sm text-ink-soft">{t('code.label')}</span>
        <span dir="ltr" data-testid="gift-code" className="font-mono text-3xl font-bold tracking-[0.2em] text-plum-800">
          {code}
        </span>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {t('code.copy')}
        </Button>
      </div>
      {message && message.deceasedName.trim() && (
        <a
          href={whatsappShareUrl(giftMessage({ ...message, code }))}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => setSent(true)}
          data-testid="gift-whatsapp"
          className={buttonClasses({ variant: 'primary', size: 'lg' }, 'w-full')}
        >
          {sent ? t('code.whatsappAgain') : t('code.whatsapp')}
        </a>
      )}
    </div>
  )
}
