import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { Card, CardDescription, CardTitle } from '@/components/ui/Card'
import { Spinner } from '@/components/ui/Spinner'
import { buttonClasses } from '@/components/ui/button-classes'

/** A calm card with one message and one way onward (denied, failed to load). */
export function StateCard({ title, text, to, action }: { title: string; text: string; to: string; action: ReactNode }) {
  return (
    <Card role="alert" className="flex flex-col items-start gap-4">
      <CardTitle>{title}</CardTitle>
      <CardDescription>{text}</CardDescription>
      <Link to={to} className={buttonClasses({ variant: 'secondary' })}>
        {action}
      </Link>
    </Card>
  )
}

export function Checking({ label }: { label: string }) {
  return (
    <div className="flex min-h-[40dvh] items-center justify-center gap-3 text-ink-soft">
      <Spinner label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  )
}
