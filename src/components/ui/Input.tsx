import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export const controlClasses =
  'w-full rounded-xl border border-line bg-surface px-4 text-base text-ink shadow-xs ' +
  'placeholder:text-ink-muted/80 transition-colors focus-visible:border-plum-500 focus-visible:outline-none ' +
  'focus-visible:ring-2 focus-visible:ring-plum-500 disabled:cursor-not-allowed disabled:opacity-60 ' +
  'aria-[invalid=true]:border-danger-600 aria-[invalid=true]:focus-visible:ring-danger-600'

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, 'h-12', className)} {...props} />
}
