import { Toaster as SonnerToaster } from 'sonner'

/** Toasts for the whole app: right to left, at the top centre, in the app's fonts and colours. */
export function Toaster() {
  return (
    <SonnerToaster
      dir="rtl"
      position="top-center"
      closeButton={false}
      toastOptions={{
        classNames: {
          toast: 'font-sans rounded-2xl! border-line! bg-surface! text-ink! shadow-soft!',
          description: 'text-ink-soft!',
        },
      }}
    />
  )
}
