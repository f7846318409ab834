import { useEffect } from 'react'
import { useRouteError } from 'react-router-dom'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { t } from '@/i18n/he'
import { MessageScreen } from '@/components/screens/MessageScreen'

/**
 * Shown when a route fails to load or render, in Hebrew, with the way back. Links reload the page,
 * leaving the broken state behind. Inside the site's layout (header and footer stay) the layout's
 * main holds it; at the root, where the layout itself failed, it is the page's main.
 */
export function ErrorFallback({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError()

  useEffect(() => {
    console.error(error)
  }, [error])

  const message = (
    <MessageScreen
      title={t('errorFallback.title')}
      text={t('errorFallback.text')}
      action={
        <div className="flex flex-wrap items-center justify-center gap-3">
          <a href="/" className={buttonClasses({ size: 'lg' })}>
            {t('errorFallback.backHome')}
          </a>
          <Button variant="secondary" size="lg" onClick={() => window.location.reload()}>
            {t('errorFallback.reload')}
          </Button>
        </div>
      }
    />
  )
  return inLayout ? message : <main className="min-h-dvh bg-canvas">{message}</main>
}
