import { Button } from '@/components/ui/Button'
import { tMemories as t } from '@/i18n/memories'
import { ChevronEndIcon, ChevronStartIcon } from './icons'

export interface StepperControlsProps {
  index: number
  total: number
  onPrevious: () => void
  onNext: () => void
}

/** Previous / 'n of total' / next, for the viewer and the cards view. */
export function StepperControls({ index, total, onPrevious, onNext }: StepperControlsProps) {
  return (
    <div className="flex items-center justify-between gap-3">
      <Button variant="secondary" onClick={onPrevious} disabled={index <= 0}>
        <ChevronStartIcon className="size-5" />
        {t('viewer.previous')}
      </Button>
      <p aria-live="polite" className="text-sm font-medium text-ink-soft tabular-nums" data-testid="viewer-counter">
        {t('viewer.counter', { n: index + 1, total })}
      </p>
      <Button variant="secondary" onClick={onNext} disabled={index >= total - 1}>
        {t('viewer.next')}
        <ChevronEndIcon className="size-5" />
      </Button>
    </div>
  )
}
