import { Button } from '@/components/ui/Button'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { ChevronEndIcon, ChevronStartIcon } from '@/components/ui/media-icons'

export interface StepperControlsProps {
  index: number
  total: number
  onPrevious: () => void
  onNext: () => void
}

/**
 * Previous / 'n of total' / next, for the viewer and the cards view. At either end the button is
 * aria-disabled rather than disabled: a disabled button drops the focus it holds onto the page
 * body, out of the viewer, and the arrow keys stop reaching it.
 */
export function StepperControls({ index, total, onPrevious, onNext }: StepperControlsProps) {
  const atStart = index <= 0
  const atEnd = index >= total - 1
  return (
    <div className="flex items-center justify-between gap-3">
      <Button
        variant="secondary"
        onClick={atStart ? undefined : onPrevious}
        aria-disabled={atStart}
        className="aria-disabled:opacity-55"
      >
        <ChevronStartIcon className="size-5" />
        {t('viewer.previous')}
      </Button>
      <p aria-live="polite" className="text-sm font-medium text-ink-soft tabular-nums" data-testid="viewer-counter">
        {t('viewer.counter', { n: index + 1, total })}
      </p>
      <Button
        variant="secondary"
        onClick={atEnd ? undefined : onNext}
        aria-disabled={atEnd}
        className="aria-disabled:opacity-55"
      >
        {t('viewer.next')}
        <ChevronEndIcon className="size-5" />
      </Button>
    </div>
  )
}
