import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

type BadgeTone = 'neutral' | 'accent' | 'gold' | 'success' | 'danger'

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-stone-100 text-ink-soft border-line',
  accent: 'bg-plum-700 text-white border-plum-700',
  gold: 'bg-gold-100 text-gold-700 border-gold-300',
  success: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  danger: 'bg-danger-50 text-danger-700 border-danger-600/30',
}

export interface BadgeProps extends ComponentProps<'span'> {
  tone?: BadgeTone
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-3 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
        className,
      )}
      {...props}
    />
  )
}
