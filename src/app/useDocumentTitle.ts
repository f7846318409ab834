import { useLayoutEffect } from 'react'
import { brandParams } from '@/config/brand'
import { t } from '@/i18n/he'
import { useCurrentScreen } from '@/lib/current-screen'
import type { ScreenKey } from './routes'

function documentTitleFor(screen: ScreenKey | undefined): string {
  if (!screen || screen === 'landing') return t('landing.documentTitle', brandParams)
  return t('common.documentTitle', { screen: t(`routes.${screen}`), brand: brandParams.brand })
}

/**
 * Names the browser tab after the current screen. A layout effect runs before every screen's own
 * effects, so a screen that names the tab itself (useSocialMeta) has the last word, even when its
 * data is at hand on its first render.
 */
export function useDocumentTitle(): void {
  const screen = useCurrentScreen()
  useLayoutEffect(() => {
    document.title = documentTitleFor(screen)
  }, [screen])
}
