import { SizedImage } from '@/components/ui/SizedImage'
import { useEffect, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { CloseIcon } from '@/components/ui/icons'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { cn } from '@/lib/cn'
import { withHonorific } from '@shared/honorific.ts'
import { useReaderKeys } from '../../hooks/useReaderKeys'
import type { Memory } from '../../../memories/lib/memory-model'
import { ChevronEndIcon, ChevronStartIcon, PauseIcon, PlayIcon } from '@/components/ui/media-icons'

const slideIntervalMs = 8000

export interface SlideshowProps {
  deceasedName: string
  /** Under the title: the Hebrew date of death. */
  subtitle?: ReactNode
  memories: readonly Memory[]
}

const controlClasses =
  'inline-flex size-12 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20 ' +
  'focus-visible:ring-2 focus-visible:ring-gold-300 focus-visible:outline-none'

function Slide({ memory }: { memory: Memory }) {
  const image = memory.images[0]
  const text = memory.texts[0]
  return (
    <figure
      className="flex w-full max-w-2xl flex-col items-center gap-5 text-center motion-safe:animate-fade-in"
      data-testid="slide"
    >
      {image && (
        <div className="aspect-[4/3] w-full max-w-xl overflow-hidden rounded-2xl bg-black/30">
          <SizedImage
            src={image.url}
            variant={800}
            alt={image.caption || t('card.imageAlt', { name: memory.authorName })}
            width={800}
            height={600}
            className="h-full w-full object-contain"
          />
        </div>
      )}
      {text && (
        <blockquote
          className={cn(
            'font-serif leading-relaxed text-white',
            image ? 'line-clamp-4 text-xl' : 'line-clamp-[10] text-2xl',
          )}
        >
          {text.text}
        </blockquote>
      )}
      <figcaption className="text-gold-300">
        <span className="font-semibold">{memory.authorName}</span>
        {memory.relation && <span className="text-white/70"> · {memory.relation}</span>}
      </figcaption>
    </figure>
  )
}

/**
 * The memories one by one on a dark screen: a new one every 8 seconds; ← → move (and pause),
 * space pauses or resumes, Escape leaves to the home page.
 */
export function Slideshow({ deceasedName, subtitle, memories }: SlideshowProps) {
  const navigate = useNavigate()
  const [index, setIndex] = useState(0)
  const [playing, setPlaying] = useState(true)
  const total = memories.length
  const name = withHonorific(deceasedName)

  useEffect(() => {
    if (!playing || total < 2) return
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % total), slideIntervalMs)
    return () => window.clearTimeout(timer)
  }, [playing, index, total])

  const step = (delta: number) => {
    setPlaying(false)
    setIndex((current) => (current + delta + total) % total)
  }
  useReaderKeys({
    onNext: () => step(1),
    onPrevious: () => step(-1),
    onToggle: () => setPlaying((value) => !value),
    onEscape: () => navigate('/'),
  })

  const memory = memories[index]
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('slideshow.title', { name })}
      className="fixed inset-0 z-40 flex flex-col bg-plum-900 text-white"
    >
      <header className="flex items-center justify-between gap-3 px-4 pt-4">
        <div>
          <h1 className="font-serif text-lg text-white/90">{t('slideshow.title', { name })}</h1>
          {subtitle}
        </div>
        <button type="button" onClick={() => navigate('/')} aria-label={t('slideshow.exit')} className={controlClasses}>
          <CloseIcon className="size-6" />
        </button>
      </header>
      <div
        className="flex flex-1 items-center justify-center overflow-hidden px-5 py-4"
        aria-live={playing ? 'off' : 'polite'}
      >
        {memory ? (
          <Slide key={memory.id} memory={memory} />
        ) : (
          <p className="text-xl text-white/80">{t('slideshow.empty')}</p>
        )}
      </div>
      {total > 0 && (
        <footer className="flex flex-col items-center gap-3 px-4 pb-6">
          <p className="text-sm text-white/80 tabular-nums" data-testid="slide-counter">
            {t('slideshow.counter', { n: index + 1, total })}
            {!playing && <span className="ms-2 text-gold-300">{t('slideshow.paused')}</span>}
          </p>
          <div className="flex items-center gap-4">
            <button
              type="button"
              onClick={() => step(-1)}
              aria-label={t('slideshow.previous')}
              className={controlClasses}
            >
              <ChevronStartIcon className="size-6" />
            </button>
            <button
              type="button"
              onClick={() => setPlaying((value) => !value)}
              aria-label={playing ? t('slideshow.pause') : t('slideshow.play')}
              aria-pressed={!playing}
              className={cn(controlClasses, 'size-14 bg-white/20')}
            >
              {playing ? <PauseIcon className="size-7" /> : <PlayIcon className="size-7" />}
            </button>
            <button type="button" onClick={() => step(1)} aria-label={t('slideshow.next')} className={controlClasses}>
              <ChevronEndIcon className="size-6" />
            </button>
          </div>
          <p className="text-xs text-white/50 max-md:hidden">{t('slideshow.keysHint')}</p>
        </footer>
      )}
    </section>
  )
}
