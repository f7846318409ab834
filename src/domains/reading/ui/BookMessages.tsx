import { Link } from 'react-router-dom'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { tMemories as t } from '@/domains/memories/strings/memories'

/** The 'memory book not found' message, with the way home. */
export function BookNotFound() {
  return (
    <MessageScreen
      title={t('book.notFound')}
      text={t('book.notFoundText')}
      action={
        <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {t('book.backHome')}
        </Link>
      }
    />
  )
}

/** The book or its memories could not be loaded: say so (the book was not found) and offer a retry. */
export function BookLoadError({
  title = t('book.memoriesLoadError'),
  onRetry,
}: {
  title?: string
  onRetry: () => void
}) {
  return (
    <MessageScreen
      title={title}
      text={t('book.loadErrorText')}
      action={
        <Button size="lg" onClick={onRetry}>
          {t('book.tryAgain')}
        </Button>
      }
    />
  )
}
