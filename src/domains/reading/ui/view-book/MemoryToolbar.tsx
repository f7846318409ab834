import { useId } from 'react'
import { controlClasses, Input } from '@/components/ui/Input'
import { Label } from '@/components/ui/Label'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { cn } from '@/lib/cn'
import type { MemoryQuery, SortOrder, ViewMode } from '../../lib/memory-filters'
import { relationFilterKeys, type RelationFilterKey } from '@/domains/memories/lib/relations'
import { SearchIcon } from '@/components/ui/media-icons'

export interface MemoryToolbarProps {
  query: MemoryQuery
  onQueryChange: (query: MemoryQuery) => void
  mode: ViewMode
  modes: readonly ViewMode[]
  onModeChange: (mode: ViewMode) => void
}

const selectClasses = cn(controlClasses, 'h-11 appearance-none bg-surface pe-4 ps-4 text-base')

/** Search, view mode, order and relation filter of the book. */
export function MemoryToolbar({ query, onQueryChange, mode, modes, onModeChange }: MemoryToolbarProps) {
  const id = useId()
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-stone-100/60 p-3">
      <div className="relative">
        <Label htmlFor={`${id}-search`} className="sr-only">
          {t('toolbar.searchLabel')}
        </Label>
        <SearchIcon className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-ink-muted" />
        <Input
          id={`${id}-search`}
          type="search"
          value={query.search}
          onChange={(event) => onQueryChange({ ...query, search: event.target.value })}
          placeholder={t('toolbar.searchPlaceholder')}
          className="ps-12"
        />
      </div>
      <div role="group" aria-label={t('toolbar.viewLabel')} className="flex flex-wrap gap-1.5">
        {modes.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={mode === option}
            onClick={() => onModeChange(option)}
            className={cn(
              'h-9 shrink-0 rounded-full border px-3.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none',
              mode === option
                ? 'border-plum-700 bg-plum-700 text-white'
                : 'border-line bg-surface text-ink-soft hover:border-plum-300 hover:text-plum-800',
            )}
          >
            {t(`viewModes.${option}`)}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-sort`}>{t('toolbar.sortLabel')}</Label>
          <select
            id={`${id}-sort`}
            value={query.sort}
            onChange={(event) => onQueryChange({ ...query, sort: event.target.value as SortOrder })}
            className={selectClasses}
          >
            <option value="newest">{t('sort.newest')}</option>
            <option value="oldest">{t('sort.oldest')}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-relation`}>{t('toolbar.relationLabel')}</Label>
          <select
            id={`${id}-relation`}
            value={query.relation}
            onChange={(event) => onQueryChange({ ...query, relation: event.target.value as RelationFilterKey })}
            className={selectClasses}
          >
            {relationFilterKeys.map((key) => (
              <option key={key} value={key}>
                {t(`relationFilter.${key}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  )
}
