import type { ReactNode } from 'react'
import { Card } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'

export interface AuthScreenProps {
  title: string
  lead?: ReactNode
  /** Above the title: a notice (e-mail confirmed, ownership transfer …). */
  notice?: ReactNode
  /** Under the card: links to the neighbouring screens. */
  footer?: ReactNode
  children: ReactNode
}

/** The frame of the account screens: one calm card, centred, comfortable on a phone. */
export function AuthScreen({ title, lead, notice, footer, children }: AuthScreenProps) {
  return (
    <div className="bg-linear-to-b from-plum-50/70 to-canvas">
      <Container width="narrow" className="flex flex-col items-center gap-5 py-8 md:py-14">
        {notice && <div className="w-full max-w-md">{notice}</div>}
        <Card className="w-full max-w-md p-6 md:p-8">
          <h1 className="text-3xl leading-tight font-bold text-ink">{title}</h1>
          <span aria-hidden="true" className="mt-4 block h-px w-10 bg-gold-500" />
          {lead && <p className="mt-4 leading-relaxed text-ink-soft">{lead}</p>}
          <div className="mt-6">{children}</div>
        </Card>
        {footer && (
          <div className="flex w-full max-w-md flex-col items-center gap-2 text-center text-ink-soft">{footer}</div>
        )}
      </Container>
    </div>
  )
}
