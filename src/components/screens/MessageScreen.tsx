import type { ReactNode } from 'react'
import { CandleIcon } from '@/components/ui/icons'
import { Container } from '@/components/ui/Container'

export interface MessageScreenProps {
  title: string
  text: string
  action: ReactNode
  /** A short mark above the title (e.g. "404"); a candle when absent. */
  mark?: string
  titleDirection?: 'rtl' | 'ltr'
}

/** A calm, centred page with one message and one way onward: 404, errors, screens still to come. */
export function MessageScreen({ title, text, action, mark, titleDirection }: MessageScreenProps) {
  return (
    <Container className="flex min-h-[65dvh] flex-col items-center justify-center py-16 text-center">
      {mark ? (
        <p aria-hidden="true" className="font-serif text-6xl font-bold tracking-wide text-gold-700">
          {mark}
        </p>
      ) : (
        <span className="flex size-16 items-center justify-center rounded-full bg-plum-50 text-plum-700">
          <CandleIcon className="size-8" />
        </span>
      )}
      <h1 dir={titleDirection} className="mt-5 text-3xl font-bold text-ink md:text-4xl">
        {title}
      </h1>
      <p className="mt-4 max-w-prose text-lg leading-relaxed text-ink-soft">{text}</p>
      <div className="mt-8">{action}</div>
    </Container>
  )
}
