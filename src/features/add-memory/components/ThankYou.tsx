import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { Card } from '@/components/ui/Card'
import { CandleIcon } from '@/components/ui/icons'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'
import { withHonorific } from '@shared/honorific.ts'

export interface ThankYouProps {
  deceasedName: string
  /** The book's page (a private book's asks a guest for the family code). */
  bookHref: string
  /** The reader will be asked for the family code there. */
  asksForCode: boolean
  onWriteAnother: () => void
}

/** After saving: thanks, reading the book (with the family code where it is private), another memory. */
export function ThankYou({ deceasedName, bookHref, asksForCode, onWriteAnother }: ThankYouProps) {
  return (
    <Card className="mx-auto flex w-full max-w-md flex-col items-center py-10 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-gold-100 text-gold-700">
        <CandleIcon className="size-8" />
      </span>
      <h1 className="mt-5 text-3xl font-bold text-ink">{t('thanks.title')}</h1>
      <p className="mt-3 text-lg leading-relaxed text-ink-soft">
        {t('thanks.text', { name: withHonorific(deceasedName) })}
      </p>
      <div className="mt-8 flex w-full flex-col gap-3">
        <Link to={bookHref} className={buttonClasses({ size: 'lg' }, 'w-full')}>
          {t('thanks.toBook')}
        </Link>
        {asksForCode && <p className="text-sm text-ink-muted">{t('thanks.privateNote')}</p>}
        <Button variant="secondary" size="lg" className="w-full" onClick={onWriteAnother}>
          {t('thanks.another')}
        </Button>
      </div>
    </Card>
  )
}
