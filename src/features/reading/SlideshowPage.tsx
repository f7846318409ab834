import { useMemo } from 'react'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { BookHebrewDeathDate } from '@/domains/mourning-calendar'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { buttonClasses } from '@/components/ui/button-classes'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { viewBookPath } from '@/domains/book/lib/book-links'
import { BookLoadError, BookNotFound } from '@/domains/reading/ui/BookMessages'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { Slideshow } from '@/domains/reading/ui/slideshow/Slideshow'
import { useBookReading } from '@/domains/reading/hooks/useBookReading'
import { queryMemories } from '@/domains/reading/lib/memory-filters'
import type { Memory } from '@/domains/memories/lib/memory-model'

function OldestFirst({ bookId, deceasedName, memories }: { bookId: string; deceasedName: string; memories: Memory[] }) {
  const ordered = useMemo(() => queryMemories(memories, { search: '', relation: 'all', sort: 'oldest' }), [memories])
  return (
    <Slideshow
      deceasedName={deceasedName}
      subtitle={<BookHebrewDeathDate bookRef={bookId} className="text-sm text-gold-300" />}
      memories={ordered}
    />
  )
}

/** /memories-slideshow/{book}?family=true — the family's slideshow; others are told it is for family. */
export default function SlideshowPage() {
  const { book: bookRef = '' } = useParams()
  const [params] = useSearchParams()
  const reading = useBookReading(bookRef, {
    linkCode: params.get('code'),
    linkKey: params.get('key'),
    familyOnly: { familyFlag: params.get('family') === 'true' },
  })

  switch (reading.status) {
    case 'loading':
      return <ScreenLoading />
    case 'not-found':
      return <BookNotFound />
    case 'error':
      return <BookLoadError title={t('book.viewerLoadError')} onRetry={reading.retry} />
    case 'gate':
    case 'denied':
      return (
        <MessageScreen
          title={t('slideshow.deniedTitle')}
          text={t('slideshow.deniedText')}
          action={
            <Link
              to={viewBookPath(reading.card.short_code)}
              className={buttonClasses({ variant: 'secondary', size: 'lg' })}
            >
              {t('slideshow.toBook')}
            </Link>
          }
        />
      )
    case 'ready':
      return <OldestFirst bookId={reading.card.id} deceasedName={reading.card.full_name} memories={reading.memories} />
  }
}
