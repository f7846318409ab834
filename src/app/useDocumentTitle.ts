import { useEffect } from 'react'
import { brandParams } from '@/config/brand'
import { t } from '@/i18n/he'
import { useCurrentScreen } from '@/lib/current-screen'
import type { ScreenKey } from './routes'

function documentTitleFor(screen: ScreenKey | undefined): string {
  if (!screen || screen === 'landing') return t('landing.documentTitle', brandParams)
  return t('common.documentTitle', { screen: t(`routes.${screen}`), brand: brandParams.brand })
}

/** Names the browser tab after the current screen. */
export function useDocumentTitle(): void {
  const screen = useCurrentScreen()
  useEffect(() => {
    document.title = documentTitleFor(screen)
  }, [screen])
}
