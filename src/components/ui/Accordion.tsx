import { createContext, use, useId, useState, type ComponentProps, type Context, type KeyboardEvent } from 'react'
import { cn } from '@/lib/cn'
import { ChevronDownIcon } from './icons'

/*
 * A single, collapsible accordion: one item open at a time, and pressing the open item's header closes
 * it. Follows the WAI-ARIA accordion pattern (buttons in headings, aria-expanded/-controls, labelled
 * regions; ↑ ↓ Home End move between headers). Hand-written rather than Radix to keep it out of the
 * landing page's first download (about 1 KB instead of 9 KB gzip).
 */

interface AccordionState {
  openValue: string
  toggle: (value: string) => void
}

interface ItemState {
  open: boolean
  value: string
  triggerId: string
  contentId: string
}

const AccordionContext = createContext<AccordionState | null>(null)
const ItemContext = createContext<ItemState | null>(null)

function useRequiredContext<T>(context: Context<T | null>, component: string): T {
  const value = use(context)
  if (!value) throw new Error(`${component} must be used inside its Accordion parent`)
  return value
}

const triggerSelector = '[data-accordion-trigger]:not(:disabled)'

function moveFocusBetweenTriggers(event: KeyboardEvent<HTMLDivElement>) {
  const target = event.target as HTMLElement
  if (!target.matches(triggerSelector)) return
  const triggers = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(triggerSelector))
  const index = triggers.indexOf(target)
  const targets: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: triggers.length - 1 }
  const nextIndex = targets[event.key]
  if (nextIndex === undefined) return
  event.preventDefault()
  triggers.at(nextIndex % triggers.length)?.focus()
}

export interface AccordionProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> {
  /** The open item's value, '' when all are closed (controlled). */
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
}

export function Accordion({ value, defaultValue = '', onValueChange, className, ...props }: AccordionProps) {
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue)
  const openValue = value ?? uncontrolledValue

  const toggle = (itemValue: string) => {
    const next = openValue === itemValue ? '' : itemValue
    if (value === undefined) setUncontrolledValue(next)
    onValueChange?.(next)
  }

  return (
    <AccordionContext value={{ openValue, toggle }}>
      <div
        onKeyDown={moveFocusBetweenTriggers}
        className={cn('divide-y divide-line rounded-2xl border border-line bg-surface shadow-soft', className)}
        {...props}
      />
    </AccordionContext>
  )
}

export interface AccordionItemProps extends ComponentProps<'div'> {
  value: string
}

export function AccordionItem({ value, className, ...props }: AccordionItemProps) {
  const { openValue } = useRequiredContext(AccordionContext, 'AccordionItem')
  const id = useId()
  const open = openValue === value
  return (
    <ItemContext value={{ open, value, triggerId: `${id}-trigger`, contentId: `${id}-content` }}>
      <div data-state={open ? 'open' : 'closed'} className={cn('px-5', className)} {...props} />
    </ItemContext>
  )
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<'button'>) {
  const { toggle } = useRequiredContext(AccordionContext, 'AccordionTrigger')
  const { open, value, triggerId, contentId } = useRequiredContext(ItemContext, 'AccordionTrigger')
  return (
    <h3 className="flex font-sans">
      <button
        type="button"
        id={triggerId}
        aria-expanded={open}
        aria-controls={contentId}
        data-state={open ? 'open' : 'closed'}
        data-accordion-trigger=""
        onClick={() => toggle(value)}
        className={cn(
          'group flex flex-1 items-center justify-between gap-4 py-5 text-start text-lg font-medium text-ink',
          'transition-colors hover:text-plum-700 focus-visible:rounded-md focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDownIcon className="size-5 shrink-0 text-plum-600 transition-transform duration-200 group-data-[state=open]:rotate-180" />
      </button>
    </h3>
  )
}

export function AccordionContent({ className, children, ...props }: ComponentProps<'div'>) {
  const { open, triggerId, contentId } = useRequiredContext(ItemContext, 'AccordionContent')
  return (
    <div
      role="region"
      id={contentId}
      aria-labelledby={triggerId}
      hidden={!open}
      data-state={open ? 'open' : 'closed'}
      className="data-[state=open]:animate-accordion-open"
      {...props}
    >
      <div className={cn('pb-5 leading-relaxed text-ink-soft', className)}>{children}</div>
    </div>
  )
}
