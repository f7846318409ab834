import type { ReactNode } from 'react'
import { Card } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { CandleIcon } from '@/components/ui/icons'
import { cn } from '@/lib/cn'

export interface MessageScreenProps {
  title: string
  text?: string
  /** The way onward: one or more buttons or links. */
  action?: ReactNode
  /** A short mark above the title (e.g. "404"); a candle when absent. */
  mark?: string
  titleDirection?: 'rtl' | 'ltr'
  /**
   * `page`: the whole screen, centred, the title the page's h1 (404, errors, a missing book).
   * `section`: in place of a form under the page's own heading, the title an h2.
   */
  placement?: 'page' | 'section'
  role?: 'status' | 'alert'
}

function Mark({ mark }: { mark?: string }) {
  if (mark) {
    return (
      <p aria-hidden="true" className="font-serif text-6xl font-bold tracking-wide text-gold-700">
        {mark}
      </p>
    )
  }
  return (
    <span className="flex size-16 items-center justify-center rounded-full bg-plum-50 text-plum-700">
      <CandleIcon className="size-8" />
    </span>
  )
}

/** A calm, centred message with the way onward: the one message screen of the app. */
export function MessageScreen({
  title,
  text,
  action,
  mark,
  titleDirection,
  placement = 'page',
  role,
}: MessageScreenProps) {
  const onPage = placement === 'page'
  const Heading = onPage ? 'h1' : 'h2'
  const body = (
    <>
      <Mark mark={mark} />
      <Heading
        dir={titleDirection}
        className={cn('mt-5 font-bold text-ink', onPage ? 'text-3xl md:text-4xl' : 'text-2xl')}
      >
        {title}
      </Heading>
      {text && <p className={cn('mt-4 max-w-prose leading-relaxed text-ink-soft', onPage && 'text-lg')}>{text}</p>}
      {action && <div className="mt-8 flex flex-wrap justify-center gap-3">{action}</div>}
    </>
  )
  if (onPage) {
    return (
      <Container role={role} className="flex min-h-[65dvh] flex-col items-center justify-center py-16 text-center">
        {body}
      </Container>
    )
  }
  return (
    <Card role={role} className="flex flex-col items-center py-10 text-center">
      {body}
    </Card>
  )
}
