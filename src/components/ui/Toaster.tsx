import { Toaster as SonnerToaster } from 'sonner'
import { t } from '@/i18n/he'

/** Toasts for the whole app: right to left, at the top centre, in the app's fonts and colours. */
export function Toaster() {
  return (
    <SonnerToaster
      dir="rtl"
      position="top-center"
      closeButton={false}
      customAriaLabel={t('common.notifications')}
      toastOptions={{
        classNames: {
          toast: 'font-sans rounded-2xl! border-line! bg-surface! text-ink! shadow-soft!',
          description: 'text-ink-soft!',
        },
      }}
    />
  )
}
