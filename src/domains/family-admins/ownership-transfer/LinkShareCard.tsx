import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Card, CardDescription, CardTitle } from '@/components/ui/Card'
import { Input } from '@/components/ui/Input'
import { buttonClasses } from '@/components/ui/button-classes'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { whatsappShareUrl } from '@/domains/book/lib/book-links'
import { copyText } from '@/lib/clipboard'
import { IsolatedEmails } from '@/components/ui/IsolatedEmails'

export interface LinkShareCardProps {
  title: string
  text: string
  link: string
  linkLabel: string
  whatsappText: string
}

/** A link just made, to pass on: read-only field, copy, and a WhatsApp message with it. */
export function LinkShareCard({ title, text, link, linkLabel, whatsappText }: LinkShareCardProps) {
  const copy = async () => {
    if (await copyText(link)) toast.success(t('common.linkCopied'))
    else toast.error(t('common.copyFailed'))
  }
  return (
    <Card role="status" className="flex flex-col gap-4 border-gold-300 bg-gold-50/60">
      <CardTitle>
        <IsolatedEmails text={title} />
      </CardTitle>
      <CardDescription>{text}</CardDescription>
      <Input
        readOnly
        value={link}
        aria-label={linkLabel}
        dir="ltr"
        className="text-start text-sm"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Button onClick={() => void copy()}>{t('common.copyLink')}</Button>
        <a
          href={whatsappShareUrl(whatsappText)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'secondary' })}
        >
          {t('common.whatsapp')}
        </a>
      </div>
    </Card>
  )
}
