import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

const widths = {
  wide: 'max-w-5xl',
  narrow: 'max-w-3xl',
} as const

export interface ContainerProps extends ComponentProps<'div'> {
  /** `wide` for page sections, `narrow` for reading columns. */
  width?: keyof typeof widths
}

/** The page's content column: full width on a phone with side padding, centred and capped above. */
export function Container({ width = 'wide', className, ...props }: ContainerProps) {
  return <div className={cn('mx-auto w-full px-5 md:px-8', widths[width], className)} {...props} />
}
