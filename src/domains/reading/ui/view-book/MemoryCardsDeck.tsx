import { arrowStep } from '@/lib/arrow-step'
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import { tMemories as t } from '@/domains/memories/strings/memories'
import type { Memory } from '../../../memories/lib/memory-model'
import { MemoryFullView } from '../MemoryFullView'
import { LazyModerationActions } from '../../../memories/ui/LazyModerationActions'
import { StepperControls } from '../StepperControls'

export interface MemoryCardsDeckProps {
  memories: readonly Memory[]
  canModerate: boolean
}

const swipeDistancePx = 60

/**
 * The cards view (`?tinder=true`): one memory at a time, moved by swiping (left: next, right:
 * previous, as a card is thrown aside), the buttons, or the arrow keys (→ next, ← previous).
 */
export function MemoryCardsDeck({ memories, canModerate }: MemoryCardsDeckProps) {
  const [requestedIndex, setIndex] = useState(0)
  const index = Math.min(requestedIndex, memories.length - 1)
  const swipeStart = useRef<number | null>(null)
  const memory = memories[index]

  const goTo = (target: number) => setIndex(Math.max(0, Math.min(target, memories.length - 1)))

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (
        event.defaultPrevented ||
        event.target instanceof HTMLInputElement ||
        event.target instanceof HTMLSelectElement
      )
        return
      if (document.querySelector('[role="dialog"]')) return
      const step = arrowStep(event.key)
      if (step !== 0) setIndex((current) => Math.max(0, Math.min(current + step, memories.length - 1)))
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [memories.length])

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return
    const distance = event.clientX - swipeStart.current
    swipeStart.current = null
    if (distance <= -swipeDistancePx) goTo(index + 1)
    else if (distance >= swipeDistancePx) goTo(index - 1)
  }

  if (!memory) return null
  return (
    <section aria-roledescription="carousel" aria-label={t('viewModes.cards')} className="flex flex-col gap-4">
      <p className="text-center text-sm text-ink-muted">{t('viewer.cardsHint')}</p>
      <article
        key={memory.id}
        data-testid="memory-card"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
        className="min-h-[60dvh] touch-pan-y rounded-3xl border border-line bg-surface p-6 shadow-soft motion-safe:animate-fade-in"
      >
        <MemoryFullView memory={memory} />
        {canModerate && (
          <div className="mt-4 border-t border-line pt-3">
            <LazyModerationActions memory={memory} />
          </div>
        )}
      </article>
      <StepperControls
        index={index}
        total={memories.length}
        onPrevious={() => goTo(index - 1)}
        onNext={() => goTo(index + 1)}
      />
    </section>
  )
}
