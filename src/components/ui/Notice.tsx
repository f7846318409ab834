import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

type NoticeTone = 'error' | 'success' | 'info'

const tones: Record<NoticeTone, string> = {
  error: 'border-danger-600/30 bg-danger-50 text-danger-700',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  info: 'border-gold-300 bg-gold-50 text-ink',
}

export interface NoticeProps {
  tone: NoticeTone
  title?: string
  children: ReactNode
  className?: string
}

/** A short message in a box: errors are announced at once (role alert), the others politely. */
export function Notice({ tone, title, children, className }: NoticeProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-xl border px-4 py-3 leading-relaxed', tones[tone], className)}
    >
      {title && <p className="font-bold">{title}</p>}
      <div>{children}</div>
    </div>
  )
}
