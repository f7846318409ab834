import { useId } from 'react'
import { Button } from '@/components/ui/Button'
import { Input } from '@/components/ui/Input'
import { Label } from '@/components/ui/Label'
import { copyWithToast } from '@/lib/clipboard'
import { tDashboard as t } from '@/i18n/dashboard'

/** The family's link to the book with the code in it, read-only, with a copy button. */
export function ShareLinkField({ link }: { link: string }) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('adminDashboard.shareLinkLabel')}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={link}
          dir="ltr"
          className="text-start text-sm"
          onFocus={(event) => event.target.select()}
        />
        <Button
          variant="secondary"
          className="shrink-0"
          onClick={() => void copyWithToast(link, t('adminDashboard.linkCopyLabel'))}
        >
          {t('adminDashboard.copyLink')}
        </Button>
      </div>
    </div>
  )
}
