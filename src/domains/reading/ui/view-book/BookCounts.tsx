import type { ComponentType, SVGProps } from 'react'
import { tMemories as t } from '@/domains/memories/strings/memories'
import type { MemoryCounts } from '../../lib/memory-filters'
import { ImageIcon, PeopleIcon, QuoteIcon, VideoIcon } from '@/components/ui/media-icons'

function Stat({ value, label, Icon }: { value: number; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }) {
  return (
    <li className="flex flex-col items-center gap-0.5 rounded-xl bg-surface px-2 py-2.5 text-center">
      <Icon className="size-5 text-plum-600" />
      <span className="text-xl font-semibold text-ink tabular-nums">{value}</span>
      <span className="text-xs text-ink-muted">{label}</span>
    </li>
  )
}

/** The book in numbers: memories, photos, videos, distinct participants; and how many are shown. */
export function BookCounts({ counts }: { counts: MemoryCounts }) {
  return (
    <section aria-label={t('counts.label')} className="flex flex-col gap-2">
      <ul className="grid grid-cols-4 gap-2">
        <Stat value={counts.total} label={t('counts.memories')} Icon={QuoteIcon} />
        <Stat value={counts.photos} label={t('counts.photos')} Icon={ImageIcon} />
        <Stat value={counts.videos} label={t('counts.videos')} Icon={VideoIcon} />
        <Stat value={counts.participants} label={t('counts.participants')} Icon={PeopleIcon} />
      </ul>
      <p aria-live="polite" data-testid="shown-count" className="text-center text-sm text-ink-muted">
        {counts.shownPhotos === null
          ? t('counts.shown', { shown: counts.shown, total: counts.total })
          : t('counts.shownPhotos', { shown: counts.shownPhotos, total: counts.photos })}
      </p>
    </section>
  )
}
