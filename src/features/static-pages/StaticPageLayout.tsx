import type { ReactNode } from 'react'
import { Container } from '@/components/ui/Container'

export interface StaticPageLayoutProps {
  title: string
  lead?: string
  children: ReactNode
}

/** The frame of the information pages: a calm title band, then a readable column of text. */
export function StaticPageLayout({ title, lead, children }: StaticPageLayoutProps) {
  return (
    <article>
      <header className="border-b border-line bg-linear-to-b from-plum-50/70 to-canvas">
        <Container width="narrow" className="py-12 md:py-16">
          <h1 className="text-4xl font-bold text-ink md:text-5xl">{title}</h1>
          <span aria-hidden="true" className="mt-5 block h-px w-12 bg-gold-500" />
          {lead && <p className="mt-5 text-lg leading-relaxed text-ink-soft">{lead}</p>}
        </Container>
      </header>
      <Container width="narrow" className="py-10 md:py-14">
        {children}
      </Container>
    </article>
  )
}
