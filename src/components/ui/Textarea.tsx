import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'
import { controlClasses } from './Input'

export function Textarea({ className, rows = 5, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(controlClasses, 'min-h-28 py-3 leading-relaxed', className)} {...props} />
}
