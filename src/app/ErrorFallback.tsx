import { useEffect } from 'react'
import { useRouteError } from 'react-router-dom'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { t } from '@/i18n/he'
import { MessageScreen } from '@/components/screens/MessageScreen'

/** Shown when a route fails to load or render. Links reload the page, leaving the broken state behind. */
export function ErrorFallback() {
  const error = useRouteError()

  useEffect(() => {
    console.error(error)
  }, [error])

  return (
    <main className="min-h-dvh bg-canvas">
      <MessageScreen
        title={t('errorFallback.title')}
        titleDirection="ltr"
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
    </main>
  )
}
