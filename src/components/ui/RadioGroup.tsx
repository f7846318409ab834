import * as RadioGroupPrimitive from '@radix-ui/react-radio-group'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn('grid gap-3', className)} {...props} />
}

export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'inline-flex size-5 shrink-0 items-center justify-center rounded-full border border-ink-muted bg-surface',
        'transition-colors data-[state=checked]:border-plum-700 focus-visible:ring-2 focus-visible:ring-plum-500',
        'focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="size-2.5 rounded-full bg-plum-700" />
    </RadioGroupPrimitive.Item>
  )
}
