import { SizedImage } from '@/components/ui/SizedImage'
import { useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { Container } from '@/components/ui/Container'
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/Dialog'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { cn } from '@/lib/cn'
import { withHonorific } from '@shared/honorific.ts'
import { useReaderKeys } from '../../hooks/useReaderKeys'
import { queryMemories } from '../../lib/memory-filters'
import type { Memory, MemoryImage } from '../../../memories/lib/memory-model'
import { BackIcon, ChevronEndIcon, ChevronStartIcon, ExpandIcon, ImageIcon } from '@/components/ui/media-icons'
import { MemoryByline } from '../MemoryByline'
import { MemoryTexts } from '../MemoryTexts'

function NoImages() {
  return (
    <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-line bg-canvas text-ink-muted">
      <ImageIcon className="size-10 text-gold-500" />
      <p>{t('memoryBook.noImages')}</p>
    </div>
  )
}

/** One photo: wide; an even number: squares in pairs; an odd number: the first wide, then pairs. */
function pageImageShape(index: number, count: number): string {
  if (count === 1) return 'aspect-[4/3]'
  if (index === 0 && count % 2 === 1) return 'col-span-2 aspect-[4/3]'
  return 'aspect-square'
}

function PageImages({
  memory,
  enlargeable,
  onEnlarge,
}: {
  memory: Memory
  enlargeable: boolean
  onEnlarge: (image: MemoryImage) => void
}) {
  if (memory.images.length === 0) return <NoImages />
  return (
    <ul className={cn('grid gap-2', memory.images.length > 1 && 'grid-cols-2')}>
      {memory.images.map((image, index) => {
        const picture = (
          <SizedImage
            src={image.url}
            variant={800}
            alt={image.caption || t('card.imageAlt', { name: memory.authorName })}
            width={800}
            height={600}
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-cover"
          />
        )
        return (
          <li
            key={image.url}
            className={cn('overflow-hidden rounded-xl bg-stone-100', pageImageShape(index, memory.images.length))}
          >
            {enlargeable ? (
              <button
                type="button"
                onClick={() => onEnlarge(image)}
                aria-label={t('memoryBook.enlarge')}
                className="block h-full w-full cursor-zoom-in focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none focus-visible:ring-inset"
              >
                {picture}
              </button>
            ) : (
              picture
            )}
          </li>
        )
      })}
    </ul>
  )
}

export interface MemoryBookViewerProps {
  deceasedName: string
  memories: readonly Memory[]
  /** Where closing leads: the personal area for the book's managers, the book's page for everyone else. */
  back: { href: string; label: string }
}

/**
 * The memories as a book, one page at a time, oldest first: previous / next (and ← →), Escape
 * back; photos open large only while "enlarge on click" is on.
 */
export function MemoryBookViewer({ deceasedName, memories, back }: MemoryBookViewerProps) {
  const navigate = useNavigate()
  const pages = useMemo(() => queryMemories(memories, { search: '', relation: 'all', sort: 'oldest' }), [memories])
  const [index, setIndex] = useState(0)
  const [enlargeable, setEnlargeable] = useState(false)
  const [enlarged, setEnlarged] = useState<MemoryImage | null>(null)
  const total = pages.length
  const goTo = (target: number) => setIndex(Math.max(0, Math.min(target, total - 1)))
  useReaderKeys({
    onNext: () => goTo(index + 1),
    onPrevious: () => goTo(index - 1),
    onEscape: () => navigate(back.href),
  })
  const memory = pages[index]

  return (
    <Container width="narrow" className="flex flex-col gap-4 py-5 md:py-8">
      <div className="flex items-center justify-between gap-2">
        <Link to={back.href} className={buttonClasses({ variant: 'ghost', size: 'sm' }, 'px-2.5')}>
          <BackIcon className="size-5" />
          <span className="max-sm:sr-only">{back.label}</span>
        </Link>
        <Button
          variant={enlargeable ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={enlargeable}
          onClick={() => setEnlargeable((value) => !value)}
        >
          <ExpandIcon className="size-4" />
          {t('memoryBook.enlargeToggle')}
        </Button>
      </div>
      <h1 className="text-center text-2xl font-bold text-ink">
        {t('memoryBook.title', { name: withHonorific(deceasedName) })}
      </h1>
      {memory ? (
        <article
          key={memory.id}
          data-testid="book-page"
          className="flex min-h-[60dvh] flex-col gap-5 rounded-[1.75rem] border border-line bg-surface p-5 shadow-soft motion-safe:animate-fade-in"
        >
          <PageImages memory={memory} enlargeable={enlargeable} onEnlarge={setEnlarged} />
          <MemoryByline memory={memory} as="h2" />
          <MemoryTexts texts={memory.texts} />
        </article>
      ) : (
        <p className="py-16 text-center text-ink-muted">{t('empty.noMemories')}</p>
      )}
      {total > 0 && (
        <div className="flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            onClick={() => goTo(index - 1)}
            disabled={index === 0}
            aria-label={t('memoryBook.previous')}
          >
            <ChevronStartIcon className="size-5" />
            {t('viewer.previous')}
          </Button>
          <p className="text-sm whitespace-nowrap text-ink-soft tabular-nums" data-testid="book-page-counter">
            {t('memoryBook.page', { n: index + 1, total })}
          </p>
          <Button
            variant="secondary"
            onClick={() => goTo(index + 1)}
            disabled={index >= total - 1}
            aria-label={t('memoryBook.next')}
          >
            {t('viewer.next')}
            <ChevronEndIcon className="size-5" />
          </Button>
        </div>
      )}
      <p className="text-center text-xs text-ink-muted max-md:hidden">{t('memoryBook.keysHint')}</p>
      <Dialog open={enlarged !== null} onOpenChange={(open) => !open && setEnlarged(null)}>
        <DialogContent aria-describedby={undefined} className="max-h-[92dvh] overflow-y-auto">
          <DialogTitle className="sr-only">{t('memoryBook.enlargedTitle')}</DialogTitle>
          {enlarged && (
            <figure className="pt-8">
              <img
                src={enlarged.url}
                alt={enlarged.caption}
                className="max-h-[75dvh] w-full rounded-xl object-contain"
              />
              {enlarged.caption && (
                <figcaption className="mt-2 text-center text-ink-soft">{enlarged.caption}</figcaption>
              )}
            </figure>
          )}
        </DialogContent>
      </Dialog>
    </Container>
  )
}
