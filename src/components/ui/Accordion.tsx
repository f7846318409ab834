import * as AccordionPrimitive from '@radix-ui/react-accordion'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'
import { ChevronDownIcon } from './icons'

/*
 * A single, collapsible accordion (Radix): one item open at a time, and pressing the open item's
 * header closes it; ↑ ↓ Home End move between headers. Pages load it with the section that shows
 * it, so the landing page's first download does not carry it.
 */

export interface AccordionProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange' | 'dir'> {
  /** The open item's value, '' when all are closed (controlled). */
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
}

export function Accordion({ value, defaultValue = '', onValueChange, className, ...props }: AccordionProps) {
  return (
    <AccordionPrimitive.Root
      type="single"
      collapsible
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      className={cn('divide-y divide-line rounded-2xl border border-line bg-surface shadow-soft', className)}
      {...props}
    />
  )
}

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={cn('px-5', className)} {...props} />
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Trigger>) {
  return (
    <AccordionPrimitive.Header className="flex font-sans">
      <AccordionPrimitive.Trigger
        className={cn(
          'group flex flex-1 items-center justify-between gap-4 py-5 text-start text-lg font-medium text-ink',
          'transition-colors hover:text-plum-700 focus-visible:rounded-md focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDownIcon className="size-5 shrink-0 text-plum-600 transition-transform duration-200 group-data-[state=open]:rotate-180" />
      </AccordionPrimitive.Trigger>
    </AccordionPrimitive.Header>
  )
}

export function AccordionContent({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content className="data-[state=open]:animate-accordion-open" {...props}>
      <div className={cn('pb-5 leading-relaxed text-ink-soft', className)}>{children}</div>
    </AccordionPrimitive.Content>
  )
}
