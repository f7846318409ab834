import { cn } from '@/lib/cn'
import { t } from '@/i18n/he'

export interface SpinnerProps {
  /** What is loading, for screen readers; defaults to a generic "loading". */
  label?: string
  className?: string
}

export function Spinner({ label = t('common.loading'), className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center text-plum-700', className)}>
      <svg viewBox="0 0 24 24" className="size-6 animate-spin" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="2.5" />
        <path
          d="M21.5 12A9.5 9.5 0 0 0 12 2.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  )
}
