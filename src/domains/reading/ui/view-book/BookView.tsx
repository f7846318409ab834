import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { RemembranceSection } from '@/domains/remembrance/ui/RemembranceSection'
import { HebrewDeathDate } from '@/domains/mourning-calendar/ui/HebrewDeathDate'
import { BookShivaNotice } from '@/domains/mourning-calendar/ui/ShivaNotice'
import { YahrzeitPanel } from '@/domains/mourning-calendar/ui/YahrzeitPanel'
import { Container } from '@/components/ui/Container'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { addMemoryPath, viewBookUrl } from '@/domains/book/lib/book-links'
import type { BookAccess } from '@/domains/book/api/get-book-access'
import type { BookCard } from '@/domains/book/api/get-book-card'
import {
  availableViewModes,
  countMemories,
  defaultMemoryQuery,
  memoriesForMode,
  queryMemories,
  type MemoryQuery,
  type ViewMode,
} from '../../lib/memory-filters'
import type { Memory } from '../../../memories/lib/memory-model'
import { BookProfile } from '@/domains/reading/ui/BookProfile'
import { ScrollToTopButton } from '../ScrollToTopButton'
import { BookCounts } from './BookCounts'
import { BookHeaderBar } from './BookHeaderBar'
import { EmptyMemories } from './EmptyMemories'
import { MemoryCardsDeck } from './MemoryCardsDeck'
import { MemoryGallery } from './MemoryGallery'
import { MemoryList } from './MemoryList'
import { MemoryToolbar } from './MemoryToolbar'

// The full-screen viewer (and its dialog code) loads when a memory is first opened.
const MemoryViewerDialog = lazy(() =>
  import('./MemoryViewerDialog').then((module) => ({ default: module.MemoryViewerDialog })),
)

// The keepsakes (PDF album, memorial video) sit below the memories: their code loads after the page.
const KeepsakesPanel = lazy(() =>
  import('../../../keepsakes/ui/KeepsakesPanel').then((module) => ({ default: module.KeepsakesPanel })),
)

export interface BookViewProps {
  card: BookCard
  access: BookAccess
  memories: Memory[]
  accessGrant: string | null
  initialMode: ViewMode
  initialMemoryId: string | null
}

function addMemoryHref(card: BookCard, access: BookAccess, accessGrant: string | null): string {
  if (access.canRead) return addMemoryPath(card.short_code, { authorized: true })
  return addMemoryPath(card.short_code, { family: Boolean(accessGrant) })
}

/** The open book: header, profile, counts, search and filters, and the memories in the chosen view. */
export function BookView({ card, access, memories, accessGrant, initialMode, initialMemoryId }: BookViewProps) {
  const [query, setQuery] = useState<MemoryQuery>(defaultMemoryQuery)
  const modes = useMemo(() => availableViewModes(card.plan_type, memories), [card.plan_type, memories])
  const [requestedMode, setMode] = useState<ViewMode>(initialMode)
  const mode = modes.includes(requestedMode) ? requestedMode : 'full'
  const [openId, setOpenId] = useState<string | null>(initialMemoryId)
  const [viewerUsed, setViewerUsed] = useState(openId !== null)
  if (openId !== null && !viewerUsed) setViewerUsed(true)

  const matching = useMemo(() => queryMemories(memories, query), [memories, query])
  const shown = useMemo(() => memoriesForMode(matching, mode), [matching, mode])
  const counts = useMemo(() => countMemories(memories, shown, mode), [memories, shown, mode])
  const openMemory = useCallback((memoryId: string) => setOpenId(memoryId), [])
  const listKey = `${mode}|${query.search}|${query.relation}|${query.sort}`
  const afterSunset = card.died_after_sunset

  const content = () => {
    if (memories.length === 0) return <EmptyMemories title={t('empty.noMemories')} text={t('empty.noMemoriesText')} />
    if (shown.length === 0) {
      const filtered = query.search.trim() !== '' || query.relation !== 'all'
      const title = filtered ? t('empty.noMatches') : mode === 'gallery' ? t('empty.noPhotos') : t('empty.noVideos')
      return filtered ? (
        <EmptyMemories
          title={title}
          text={t('empty.noMatchesText')}
          actionLabel={t('toolbar.clearFilters')}
          onAction={() => setQuery({ ...query, search: '', relation: 'all' })}
        />
      ) : (
        <EmptyMemories title={title} />
      )
    }
    if (mode === 'gallery') return <MemoryGallery key={listKey} memories={shown} onOpen={openMemory} />
    if (mode === 'cards') return <MemoryCardsDeck key={listKey} memories={shown} canModerate={access.canManage} />
    return (
      <MemoryList
        key={listKey}
        memories={shown}
        variant={mode === 'text' ? 'text' : 'full'}
        onOpen={openMemory}
        canModerate={access.canManage}
      />
    )
  }

  return (
    <Container width="narrow" className="flex flex-col gap-5 py-5 md:py-8">
      <BookHeaderBar shortCode={card.short_code} addMemoryHref={addMemoryHref(card, access, accessGrant)} />
      <BookProfile
        card={card}
        compact
        hebrewDate={<HebrewDeathDate deathDate={card.death_date} afterSunset={afterSunset} className="text-plum-800" />}
      />
      <BookShivaNotice bookRef={card.id} fullName={card.full_name} accessGrant={accessGrant} />
      {card.death_date && (
        <YahrzeitPanel
          shortCode={card.short_code}
          bookUrl={viewBookUrl(card.short_code)}
          fullName={card.full_name}
          deathDate={card.death_date}
          afterSunset={afterSunset}
        />
      )}
      <BookCounts counts={counts} />
      <MemoryToolbar query={query} onQueryChange={setQuery} mode={mode} modes={modes} onModeChange={setMode} />
      {content()}
      {(access.canRead || accessGrant) && (
        <Suspense fallback={null}>
          <KeepsakesPanel shortCode={card.short_code} card={card} memories={memories} className="mt-6" />
        </Suspense>
      )}
      <RemembranceSection
        bookRef={card.short_code}
        name={card.full_name}
        accessGrant={accessGrant}
        card={card}
        className="mt-6"
      />
      {viewerUsed && (
        <Suspense fallback={null}>
          <MemoryViewerDialog
            memories={mode === 'gallery' || mode === 'videos' ? shown : matching}
            openId={openId}
            onOpenIdChange={setOpenId}
            canModerate={access.canManage}
          />
        </Suspense>
      )}
      <ScrollToTopButton />
    </Container>
  )
}
