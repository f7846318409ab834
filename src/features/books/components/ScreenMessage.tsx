import type { ReactNode } from 'react'
import { Card } from '@/components/ui/Card'

export interface ScreenMessageProps {
  title: string
  text?: string
  role?: 'status' | 'alert'
  children?: ReactNode
}

/** A short message in place of a form (no payment yet, not found, an error), with the way onward. */
export function ScreenMessage({ title, text, role, children }: ScreenMessageProps) {
  return (
    <Card role={role} className="flex flex-col items-start gap-4">
      <h2 className="text-2xl font-bold text-ink">{title}</h2>
      {text && <p className="leading-relaxed text-ink-soft">{text}</p>}
      {children && <div className="flex flex-wrap gap-3">{children}</div>}
    </Card>
  )
}
