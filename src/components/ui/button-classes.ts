import { cn } from '@/lib/cn'

/** `inverse`: the primary action on a dark (purple) band. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'inverse'
export type ButtonSize = 'sm' | 'md' | 'lg'

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-medium whitespace-nowrap select-none ' +
  'transition-colors duration-150 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 ' +
  'disabled:pointer-events-none disabled:opacity-55'

/** The focus ring's colour, per background: cn() does not drop a base class that a variant contradicts. */
const ringOnCream = 'focus-visible:ring-plum-500'

const variants: Record<ButtonVariant, string> = {
  primary: `bg-plum-700 text-white shadow-sm hover:bg-plum-800 active:bg-plum-900 ${ringOnCream}`,
  secondary: `border border-plum-200 bg-surface text-plum-800 hover:border-plum-300 hover:bg-plum-50 ${ringOnCream}`,
  ghost: `text-ink-soft hover:bg-stone-200/60 hover:text-ink ${ringOnCream}`,
  danger: `bg-danger-600 text-white shadow-sm hover:bg-danger-700 ${ringOnCream}`,
  inverse:
    'bg-white text-plum-800 shadow-sm hover:bg-plum-50 active:bg-plum-100 focus-visible:ring-gold-300 focus-visible:ring-offset-plum-800',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-13 px-7 text-lg',
}

/** Button styling, also for links that look like buttons (`<Link className={buttonClasses()}>`). */
export function buttonClasses(
  { variant = 'primary', size = 'md' }: { variant?: ButtonVariant; size?: ButtonSize } = {},
  className?: string,
): string {
  return cn(base, variants[variant], sizes[size], className)
}
