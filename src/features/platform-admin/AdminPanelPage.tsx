import type { KeyboardEvent } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import { cn } from '@/lib/cn'
import { BooksTab } from '@/domains/platform-admin/ui/BooksTab'
import { ChatAnalyticsTab } from '@/domains/platform-admin/ui/ChatAnalyticsTab'
import { SecurityTab } from '@/domains/platform-admin/ui/SecurityTab'
import { UsersTab } from '@/domains/platform-admin/ui/UsersTab'

const tabs = ['books', 'users', 'chat', 'security'] as const
type Tab = (typeof tabs)[number]

const panels: Record<Tab, () => React.JSX.Element> = {
  books: BooksTab,
  users: UsersTab,
  chat: ChatAnalyticsTab,
  security: SecurityTab,
}

function isTab(value: string | null): value is Tab {
  return tabs.includes(value as Tab)
}

function TabList({ current, onSelect }: { current: Tab; onSelect: (tab: Tab) => void }) {
  // Arrow keys move between tabs; in right-to-left, ArrowLeft goes to the next tab.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowLeft' ? 1 : event.key === 'ArrowRight' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = tabs[(tabs.indexOf(current) + step + tabs.length) % tabs.length]!
    onSelect(next)
    document.getElementById(`admin-tab-${next}`)?.focus()
  }
  return (
    <div
      role="tablist"
      aria-label={t('panel.tabs.label')}
      onKeyDown={onKeyDown}
      className="grid grid-cols-4 border-b border-line md:flex md:gap-1"
    >
      {tabs.map((tab) => (
        <button
          key={tab}
          id={`admin-tab-${tab}`}
          type="button"
          role="tab"
          aria-selected={tab === current}
          aria-controls={`admin-panel-${tab}`}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => onSelect(tab)}
          className={cn(
            '-mb-px border-b-2 px-1 py-3 text-sm leading-tight font-medium transition-colors focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none md:px-4 md:text-base md:whitespace-nowrap',
            tab === current ? 'border-plum-700 text-plum-800' : 'border-transparent text-ink-soft hover:text-ink',
          )}
        >
          {t(`panel.tabs.${tab}`)}
        </button>
      ))}
    </div>
  )
}

function AdminPanel() {
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const current: Tab = isTab(requested) ? requested : 'books'
  const Panel = panels[current]
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-5 py-8 md:px-8 md:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold text-ink md:text-4xl">{t('panel.title')}</h1>
          <p className="mt-2 text-ink-soft">{t('panel.lead')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/coupons" className={buttonClasses({ variant: 'secondary' })}>
            {t('panel.coupons')}
          </Link>
          <Link to="/" className={buttonClasses({ variant: 'ghost' })}>
            {t('panel.home')}
          </Link>
        </div>
      </header>
      <TabList current={current} onSelect={(tab) => setParams({ tab }, { replace: true })} />
      <section id={`admin-panel-${current}`} role="tabpanel" aria-labelledby={`admin-tab-${current}`}>
        <Panel />
      </section>
    </div>
  )
}

/** /admin-panel: books, users, chat analytics and the security log, for platform admins only. */
export default function AdminPanelPage() {
  return <AdminPanel />
}
