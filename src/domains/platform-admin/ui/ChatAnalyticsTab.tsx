import { Badge } from '@/components/ui/Badge'
import { Card, CardTitle } from '@/components/ui/Card'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import { useChatAnalytics, type ChatAnalytics, type ChatSessionSummary } from '../api/chat-analytics'
import { shortDateTime } from '../lib/format'
import { LoadError } from './LoadError'
import { StatTile } from './StatTile'

function Figures({ data }: { data: ChatAnalytics }) {
  return (
    <div className="flex flex-wrap gap-3">
      <StatTile label={t('chat.sessions')} value={data.session_count} />
      <StatTile
        label={t('chat.satisfaction')}
        value={
          data.average_satisfaction === null
            ? t('chat.noRatings')
            : t('chat.satisfactionValue', { value: Number(data.average_satisfaction).toFixed(1) })
        }
      />
      <StatTile label={t('chat.resolvedRate')} value={t('chat.resolvedValue', { value: data.resolved_rate })} />
    </div>
  )
}

function TopIntents({ data }: { data: ChatAnalytics }) {
  return (
    <Card className="flex flex-col gap-4 self-start">
      <CardTitle>{t('chat.topIntents')}</CardTitle>
      {data.top_intents.length === 0 ? (
        <p className="text-ink-soft">{t('chat.noIntents')}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {data.top_intents.map((row) => (
            <li
              key={row.intent}
              className="flex items-center justify-between gap-3 border-b border-line pb-2 last:border-0"
            >
              <span className="font-medium">{t(`chat.intents.${row.intent}`)}</span>
              <span className="text-sm text-ink-soft tabular-nums">{t('chat.intentCount', { count: row.count })}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}

function SessionItem({ session }: { session: ChatSessionSummary }) {
  return (
    <li className="rounded-2xl border border-line bg-surface shadow-soft">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 p-4">
          <span className="font-medium">
            {t('chat.sessionSummary', { date: shortDateTime(session.started_at), count: session.message_count })}
          </span>
          {session.user_satisfaction !== null && (
            <Badge tone="gold">{t('chat.rated', { value: session.user_satisfaction })}</Badge>
          )}
          <Badge tone={session.resolved ? 'success' : 'neutral'}>
            {session.resolved ? t('chat.resolved') : t('chat.unresolved')}
          </Badge>
        </summary>
        <ol className="flex flex-col gap-2 border-t border-line p-4">
          {session.messages.map((message, index) => (
            <li
              key={index}
              className={
                message.is_bot
                  ? 'me-8 rounded-xl bg-plum-50 px-3 py-2 text-sm'
                  : 'ms-8 rounded-xl bg-stone-100 px-3 py-2 text-sm'
              }
            >
              <span className="block text-xs text-ink-muted">
                {message.is_bot ? t('chat.bot') : t('chat.visitor')}
                {message.intent && ` · ${t(`chat.intents.${message.intent}`)}`}
              </span>
              <span dir="auto" className="block">
                {message.message_text}
              </span>
            </li>
          ))}
        </ol>
      </details>
    </li>
  )
}

export function ChatAnalyticsTab() {
  const analytics = useChatAnalytics()
  if (analytics.isError) return <LoadError text={t('chat.loadError')} onRetry={() => void analytics.refetch()} />
  if (!analytics.data) return <p className="text-ink-soft">{t('searching')}</p>
  const data = analytics.data
  return (
    <div className="flex flex-col gap-6">
      <Figures data={data} />
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <TopIntents data={data} />
        <section className="flex flex-col gap-3">
          <h2 className="font-serif text-xl font-bold">{t('chat.recent')}</h2>
          {data.recent_sessions.length === 0 ? (
            <p className="text-ink-soft">{t('chat.noSessions')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.recent_sessions.map((session) => (
                <SessionItem key={session.session_id} session={session} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}
