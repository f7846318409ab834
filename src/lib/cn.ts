import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names, dropping falsy ones: `cn('a', isOpen && 'b')`.
 *
 * It does not resolve conflicts between Tailwind utilities (tailwind-merge would, at about 8 KB gzip
 * on every page, which the landing page's JavaScript budget cannot carry). Components therefore
 * change their look through props (`variant`, `size`, `width`), and a `className` only adds classes
 * that do not contradict the component's own; for a breakpoint-specific change use a variant that
 * the base class lacks (`max-md:hidden`, not `hidden` against a base `inline-flex`).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
