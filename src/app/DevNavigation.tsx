import { Link } from 'react-router-dom'
import { appRoutes } from './routes'
import { Card } from '@/components/ui/Card'
import { buttonClasses } from '@/components/ui/button-classes'
import { t as tCore } from '@/i18n/he'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../supabase/local/app/demo-accounts.ts'

/** The seeded demo book, so routes with a parameter open something real. */
const DEMO_BOOK_REF = 'RACHEL23'

function visitPath(path: string): string {
  return path.replace(/:[A-Za-z]+/g, DEMO_BOOK_REF)
}

export default function DevNavigation() {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-5 py-8 md:px-8 md:py-10">
      <header>
        <h1 className="font-serif text-3xl font-bold text-ink md:text-4xl">{t('devNavigation.title')}</h1>
        <p className="mt-2 max-w-prose text-ink-soft">{t('devNavigation.lead')}</p>
      </header>

      <section className="flex flex-col gap-4" aria-labelledby="demo-accounts">
        <h2 id="demo-accounts" className="font-serif text-xl font-bold">
          {t('devNavigation.accountsTitle')}
        </h2>
        <p className="text-ink-soft">
          {t('devNavigation.accountsLead')}
          <code dir="ltr" className="rounded bg-stone-100 px-2 py-0.5 font-mono">
            {DEMO_PASSWORD}
          </code>
        </p>
        <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
          {DEMO_ACCOUNTS.map((account) => (
            <li key={account.email}>
              <Card className="flex h-full flex-col gap-2 p-4">
                <code dir="ltr" className="text-end font-mono font-bold text-ink">
                  {account.email}
                </code>
                <p className="text-sm text-ink-soft">{t(`devNavigation.accounts.${account.kind}`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="flex flex-col gap-4" aria-labelledby="all-routes">
        <h2 id="all-routes" className="font-serif text-xl font-bold">
          {t('devNavigation.routesTitle', { count: appRoutes.length })}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {appRoutes.map((route) => (
            <li key={route.path}>
              <Card className="flex h-full flex-col justify-between gap-3 p-4">
                <div>
                  <p className="font-bold text-ink">{tCore(`routes.${route.screen}`)}</p>
                  <code dir="ltr" className="block text-end text-sm text-ink-muted">
                    {route.path}
                  </code>
                  {route.path.includes(':') && (
                    <p className="mt-1 text-xs text-ink-muted">
                      {t('devNavigation.parameter', { example: visitPath(route.path) })}
                    </p>
                  )}
                </div>
                <Link to={visitPath(route.path)} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  {t('devNavigation.visit')}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
