import * as DialogPrimitive from '@radix-ui/react-dialog'
import { useRef, type ComponentProps } from 'react'
import { t } from '@/i18n/he'
import { cn } from '@/lib/cn'
import { CloseIcon } from './icons'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

type DialogLayout = 'center' | 'sheet-start'

const layouts: Record<DialogLayout, string> = {
  center:
    'inset-x-0 top-1/2 mx-auto w-[calc(100%-2rem)] max-w-lg -translate-y-1/2 rounded-2xl p-6 ' +
    'data-[state=open]:animate-dialog-in data-[state=closed]:animate-dialog-out',
  'sheet-start':
    'inset-y-0 start-0 flex w-[min(20rem,85vw)] flex-col p-6 pt-5 ' +
    'data-[state=open]:animate-sheet-in data-[state=closed]:animate-sheet-out',
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** `center`: a modal in the middle; `sheet-start`: a side sheet on the start (right in Hebrew) edge. */
  layout?: DialogLayout
  hideCloseButton?: boolean
}

/**
 * Radix returns focus on close only to a `DialogTrigger`; a dialog opened from state (a card, a
 * menu item) would leave it on the page's body, and a keyboard user would start again from the top.
 * Focus goes back to what held it when the dialog opened, while that is still on the page.
 */
function useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus }: DialogContentProps) {
  const opener = useRef<Element | null>(null)
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement
      onOpenAutoFocus?.(event)
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event)
      if (event.defaultPrevented || !(opener.current instanceof HTMLElement) || !opener.current.isConnected) return
      event.preventDefault()
      opener.current.focus()
    },
  }
}

export function DialogContent({
  layout = 'center',
  hideCloseButton,
  className,
  children,
  ...props
}: DialogContentProps) {
  const focusReturn = useFocusReturn(props)
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out" />
      <DialogPrimitive.Content
        className={cn('fixed z-50 bg-surface text-ink shadow-soft focus:outline-none', layouts[layout], className)}
        {...props}
        {...focusReturn}
      >
        {children}
        {!hideCloseButton && (
          <DialogPrimitive.Close
            className="absolute end-3 top-3 inline-flex size-10 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-stone-100 hover:text-ink focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none"
            aria-label={t('common.close')}
          >
            <CloseIcon className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('font-serif text-xl font-bold text-ink', className)} {...props} />
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('mt-1 text-ink-soft', className)} {...props} />
}
