import { SizedImage } from '@/components/ui/SizedImage'
import { CandleIcon } from '@/components/ui/icons'
import type { BookCard } from '@/domains/book/api/get-book-card'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'
import { withHonorific } from '@shared/honorific.ts'

/** The deceased's photo and name above the form, so the writer knows whose book this is. */
export function AddMemoryHeader({ card, lead }: { card: BookCard; lead: string }) {
  return (
    <header data-first-screen className="flex flex-col items-center text-center">
      <span className="flex size-20 items-center justify-center overflow-hidden rounded-full border-4 border-surface bg-plum-50 text-plum-700 shadow-soft">
        {card.profile_image_url ? (
          <SizedImage
            src={card.profile_image_url}
            variant={240}
            priority
            alt=""
            width={80}
            height={80}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <CandleIcon className="size-8" />
        )}
      </span>
      <h1 className="mt-3 text-3xl leading-tight font-bold text-ink">
        {t('title', { name: withHonorific(card.full_name) })}
      </h1>
      <p className="mt-2 max-w-prose leading-relaxed text-ink-soft">{lead}</p>
    </header>
  )
}
