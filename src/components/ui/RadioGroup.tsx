import { createContext, useContext, useId, type ComponentProps } from 'react'
import { cn } from '@/lib/cn'

interface RadioGroupState {
  name: string
  value: string
  onValueChange: (value: string) => void
  disabled: boolean
}

const RadioGroupContext = createContext<RadioGroupState | null>(null)

export interface RadioGroupProps extends Omit<ComponentProps<'div'>, 'onChange' | 'defaultValue'> {
  value: string
  onValueChange: (value: string) => void
  disabled?: boolean
}

/**
 * One choice out of several, on the browser's own radio buttons: one tab stop for the group, arrow
 * keys move the choice, and nothing is measured or laid out by script when the group first renders.
 */
export function RadioGroup({ value, onValueChange, disabled = false, className, ...props }: RadioGroupProps) {
  const name = useId()
  return (
    <RadioGroupContext.Provider value={{ name, value, onValueChange, disabled }}>
      <div role="radiogroup" className={cn('grid gap-3', className)} {...props} />
    </RadioGroupContext.Provider>
  )
}

export interface RadioGroupItemProps {
  id: string
  value: string
  className?: string
}

export function RadioGroupItem({ id, value, className }: RadioGroupItemProps) {
  const group = useContext(RadioGroupContext)
  if (!group) throw new Error('RadioGroupItem must be inside a RadioGroup')
  return (
    <input
      type="radio"
      id={id}
      name={group.name}
      value={value}
      checked={group.value === value}
      onChange={() => group.onValueChange(value)}
      disabled={group.disabled}
      className={cn(
        'size-5 shrink-0 cursor-pointer appearance-none rounded-full border border-ink-muted bg-surface',
        'transition-colors checked:border-plum-700 checked:bg-plum-700 checked:shadow-[inset_0_0_0_4px_theme(colors.surface)]',
        'focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:ring-offset-2 focus-visible:outline-none',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
    />
  )
}
