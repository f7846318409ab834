import { cn } from '@/lib/cn'

/** An e-mail address on its own line, left to right, so a Hebrew sentence around it cannot scramble it. */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  return (
    <p dir="ltr" className={cn('text-center font-bold break-all', className)}>
      {email}
    </p>
  )
}
