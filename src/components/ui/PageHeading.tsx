import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

export interface PageHeadingProps {
  title: ReactNode
  lead?: ReactNode
  className?: string
}

/** The title of an app screen (payment, dashboard, forms): serif heading, a short gold rule, a lead line. */
export function PageHeading({ title, lead, className }: PageHeadingProps) {
  return (
    <header className={cn('flex flex-col gap-3', className)}>
      <h1 className="text-3xl font-bold text-ink md:text-4xl">{title}</h1>
      <span aria-hidden="true" className="block h-px w-12 bg-gold-500" />
      {lead && <p className="text-lg leading-relaxed text-ink-soft">{lead}</p>}
    </header>
  )
}
