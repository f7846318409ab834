import { Toaster as SonnerToaster } from 'sonner'
import { t } from '@/i18n/he'

// On a phone a toast is as wide as the screen: it sits below the sticky site header (h-18 and its
// 1px border), so it never covers the menu. On a wider screen it covers only the header's centre,
// leaving the brand, the menu and the account links free, and stays clear of the book's toolbar.
const belowSiteHeader = { top: 'calc(4.5rem + 1px + 0.75rem)' }

/** Toasts for the whole app: right to left, at the top centre, in the app's fonts and colours. */
export function Toaster() {
  return (
    <SonnerToaster
      dir="rtl"
      position="top-center"
      mobileOffset={belowSiteHeader}
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
