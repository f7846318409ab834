import { Link } from 'react-router-dom'
import { Card, CardDescription, CardTitle } from '@/components/ui/Card'
import { buttonClasses } from '@/components/ui/button-classes'
import { tBookExport as t } from '@/domains/book/strings/book-export'

/** On the management page: the way to the export screen (owner, family admins, platform admins). */
export function ExportBookCard({ bookId }: { bookId: string }) {
  return (
    <Card className="flex flex-col items-start gap-3">
      <CardTitle>{t('link.title')}</CardTitle>
      <CardDescription>{t('link.text')}</CardDescription>
      <Link to={`/book-export?book=${encodeURIComponent(bookId)}`} className={buttonClasses({ variant: 'secondary' })}>
        {t('link.action')}
      </Link>
    </Card>
  )
}
