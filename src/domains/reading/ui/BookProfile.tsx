import type { ReactNode } from 'react'
import { SizedImage } from '@/components/ui/SizedImage'
import { CandleIcon } from '@/components/ui/icons'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { cn } from '@/lib/cn'
import { withHonorific } from '@shared/honorific.ts'
import type { BookCard } from '@/domains/book/api/get-book-card'
import { lifeYears } from '@/domains/book/lib/book-dates'

export interface BookProfileProps {
  card: Pick<
    BookCard,
    'full_name' | 'birth_date' | 'death_date' | 'memory_quote' | 'profile_image_url' | 'background_image_url'
  >
  /** The heading level of the name: 1 on pages whose main subject is the book. */
  headingLevel?: 1 | 2
  /** Smaller, for pages where the memories below matter most (the book's reading view). */
  compact?: boolean
  /** The Hebrew date of death, shown under the years. */
  hebrewDate?: ReactNode
}

/** The deceased's portrait, name with the honorific, years and quote, on the book's background. */
export function BookProfile({ card, headingLevel = 1, compact = false, hebrewDate }: BookProfileProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const name = withHonorific(card.full_name)
  const years = lifeYears(card.birth_date, card.death_date, (from, to) => t('book.years', { from, to }))
  return (
    <section data-first-screen className="overflow-hidden rounded-3xl border border-line bg-surface shadow-soft">
      <div
        className={cn('relative bg-linear-to-b from-plum-100 to-plum-50', compact ? 'h-20 md:h-28' : 'h-28 md:h-40')}
      >
        {card.background_image_url && (
          <SizedImage
            src={card.background_image_url}
            variant={800}
            priority
            alt=""
            width={1200}
            height={320}
            decoding="async"
            className="h-full w-full object-cover opacity-80"
          />
        )}
      </div>
      <div className={cn('flex flex-col items-center px-5 text-center', compact ? '-mt-11 pb-4' : '-mt-14 pb-6')}>
        <span
          className={cn(
            'relative flex items-center justify-center overflow-hidden rounded-full border-4 border-surface bg-plum-50 text-plum-700 shadow-soft',
            compact ? 'size-22' : 'size-28',
          )}
        >
          {card.profile_image_url ? (
            <SizedImage
              src={card.profile_image_url}
              variant={240}
              priority
              alt={t('book.photoAlt', { name: card.full_name })}
              width={112}
              height={112}
              decoding="async"
              className="h-full w-full object-cover"
            />
          ) : (
            <CandleIcon className="size-10" />
          )}
        </span>
        <Heading className={cn('mt-3 leading-tight font-bold text-ink', compact ? 'text-2xl' : 'text-3xl')}>
          {name}
        </Heading>
        {years && (
          <p dir="ltr" className={cn('mt-1 text-ink-muted', compact ? 'text-base' : 'text-lg')}>
            {years}
          </p>
        )}
        {hebrewDate}
        {card.memory_quote && (
          <blockquote
            className={cn(
              'max-w-prose font-serif leading-relaxed text-plum-800',
              compact ? 'mt-2 text-lg' : 'mt-4 text-xl',
            )}
          >
            {t('book.quote', { quote: card.memory_quote })}
          </blockquote>
        )}
      </div>
    </section>
  )
}
