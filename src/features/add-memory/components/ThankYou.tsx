import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { Card } from '@/components/ui/Card'
import { CandleIcon } from '@/components/ui/icons'
import { tAddMemory as t } from '@/domains/memories/strings/add-memory'
import { withHonorific } from '@/lib/honorific'

export interface ThankYouProps {
  deceasedName: string
  /** The book's page, for readers who may open it (family, or a public book). */
  bookHref: string | null
  onWriteAnother: () => void
}

/** After saving: thanks, another memory, and the book for those who may read it. */
export function ThankYou({ deceasedName, bookHref, onWriteAnother }: ThankYouProps) {
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
        {bookHref && (
          <Link to={bookHref} className={buttonClasses({ size: 'lg' }, 'w-full')}>
            {t('thanks.toBook')}
          </Link>
        )}
        <Button variant={bookHref ? 'secondary' : 'primary'} size="lg" className="w-full" onClick={onWriteAnother}>
          {t('thanks.another')}
        </Button>
      </div>
    </Card>
  )
}
