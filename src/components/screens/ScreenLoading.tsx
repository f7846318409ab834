import { PageLoading } from '@/components/screens/PageLoading'
import { useCurrentScreen } from '@/lib/current-screen'
import { t } from '@/i18n/he'

/**
 * The loading state of a whole screen, with its one heading for screen readers (the screen's own
 * heading comes with its data): the screen's name, or 'loading' when the route is not known yet.
 */
export function ScreenLoading() {
  const screen = useCurrentScreen()
  return (
    <>
      <h1 className="sr-only">{screen ? t(`routes.${screen}`) : t('common.pageLoading')}</h1>
      <PageLoading />
    </>
  )
}
