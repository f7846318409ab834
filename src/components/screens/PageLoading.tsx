import { Spinner } from '@/components/ui/Spinner'
import { t } from '@/i18n/he'

/**
 * A whole screen tall, so the footer stays below the fold and does not jump when the page arrives.
 * While a screen shows it, a book page's first screen painted from the HTML stays (src/main.tsx).
 */
export function PageLoading() {
  return (
    <div data-page-loading className="flex min-h-dvh items-center justify-center">
      <Spinner label={t('common.pageLoading')} />
    </div>
  )
}
