import { toast } from 'sonner'
import { RadioGroup, RadioGroupItem } from '@/components/ui/RadioGroup'
import { tDashboard as t } from '@/i18n/dashboard'
import {
  NEWS_FREQUENCIES,
  useNewsSetting,
  useSetNewsSetting,
  type NewsFrequency,
} from '@/domains/memories/api/memory-news'

/**
 * How the owner (or a family admin) hears of new memories: an e-mail at most every 15 minutes,
 * a daily digest, or none. The owner starts with the batch; a family admin opts in here.
 */
export function MemoryNewsChoice({ bookId }: { bookId: string }) {
  const setting = useNewsSetting(bookId)
  const change = useSetNewsSetting(bookId)
  if (!setting.data) return null
  const choose = (value: string) =>
    change.mutate(value as NewsFrequency, {
      onSuccess: () => toast.success(t('news.saved')),
      onError: () => toast.error(t('news.saveError')),
    })
  return (
    <section aria-labelledby="memory-news-title" className="flex flex-col gap-3">
      <h2 id="memory-news-title" className="text-2xl font-bold text-ink">
        {t('news.title')}
      </h2>
      <p className="text-ink-soft">{t('news.lead')}</p>
      <RadioGroup
        value={change.isPending && change.variables ? change.variables : setting.data}
        onValueChange={choose}
        disabled={change.isPending}
        aria-labelledby="memory-news-title"
      >
        {NEWS_FREQUENCIES.map((frequency) => (
          <label key={frequency} htmlFor={`news-${frequency}`} className="flex items-center gap-3 text-ink">
            <RadioGroupItem id={`news-${frequency}`} value={frequency} />
            {t(`news.options.${frequency}`)}
          </label>
        ))}
      </RadioGroup>
    </section>
  )
}
