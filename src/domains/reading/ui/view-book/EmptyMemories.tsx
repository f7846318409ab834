import { Button } from '@/components/ui/Button'
import { CandleIcon } from '@/components/ui/icons'

export interface EmptyMemoriesProps {
  title: string
  text?: string
  actionLabel?: string
  onAction?: () => void
}

/** A quiet message where the list would be: no memories yet, or none that match. */
export function EmptyMemories({ title, text, actionLabel, onAction }: EmptyMemoriesProps) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-surface/60 px-6 py-12 text-center">
      <CandleIcon className="size-8 text-gold-500" />
      <p className="mt-3 text-lg font-medium text-ink">{title}</p>
      {text && <p className="mt-1 text-ink-muted">{text}</p>}
      {actionLabel && onAction && (
        <Button variant="secondary" size="sm" className="mt-5" onClick={onAction}>
          {actionLabel}
        </Button>
      )}
    </div>
  )
}
