import { PageLoading } from '@/components/screens/PageLoading'
import { useCurrentScreen } from '@/lib/current-screen'
import { t } from '@/i18n/he'

/** The loading state of a screen, named for screen readers (the screen's own heading comes with its data). */
export function ScreenLoading() {
  const screen = useCurrentScreen()
  return (
    <>
      {screen && <h1 className="sr-only">{t(`routes.${screen}`)}</h1>}
      <PageLoading />
    </>
  )
}
