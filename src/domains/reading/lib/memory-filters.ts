import type { Memory } from '../../memories/lib/memory-model'
import type { RelationFilterKey } from '@/domains/memories/lib/relations'
import { memoriesStrings } from '@/domains/memories/strings/memories'

export const viewModes = ['full', 'text', 'gallery', 'videos', 'cards'] as const
export type ViewMode = (typeof viewModes)[number]

export type SortOrder = 'newest' | 'oldest'

export interface MemoryQuery {
  search: string
  relation: RelationFilterKey
  sort: SortOrder
}

export const defaultMemoryQuery: MemoryQuery = { search: '', relation: 'all', sort: 'newest' }

/** Lower case, without niqqud and cantillation marks, quotes unified and spaces collapsed. */
function normaliseForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u0591-\u05C7]/g, '')
    .replace(/[\u05F4\u201C\u201D"]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
}

function searchableText(memory: Memory): string {
  return normaliseForSearch(
    [
      memory.authorName,
      memory.relation ?? '',
      // The relation's category too (a search for the neighbour's word finds the neighbours' category), unless the writer typed their own.
      memory.relationKey === 'other' ? '' : memoriesStrings.relationFilter[memory.relationKey],
      ...memory.texts.map((entry) => entry.text),
      ...memory.images.map((image) => image.caption),
    ].join(' '),
  )
}

/** Every word of the query appears in the author's name, the relation, the texts or the captions. */
export function matchesSearch(memory: Memory, search: string): boolean {
  const words = normaliseForSearch(search).split(' ').filter(Boolean)
  if (words.length === 0) return true
  const haystack = searchableText(memory)
  return words.every((word) => haystack.includes(word))
}

function byDate(order: SortOrder) {
  const direction = order === 'newest' ? -1 : 1
  return (a: Memory, b: Memory) =>
    direction * (a.createdAtMs - b.createdAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** The memories that match the search and the relation filter, in the chosen order. */
export function queryMemories(memories: readonly Memory[], query: MemoryQuery): Memory[] {
  return memories
    .filter((memory) => query.relation === 'all' || memory.relationKey === query.relation)
    .filter((memory) => matchesSearch(memory, query.search))
    .sort(byDate(query.sort))
}

/** What a view mode shows of the matching memories: videos only those with a video. */
export function memoriesForMode(memories: readonly Memory[], mode: ViewMode): Memory[] {
  if (mode === 'videos') return memories.filter((memory) => memory.videoUrl !== null)
  if (mode === 'gallery') return memories.filter((memory) => memory.images.length > 0)
  return [...memories]
}

export interface MemoryCounts {
  shown: number
  total: number
  /** In the gallery, which shows photos rather than memories: the photos shown; else null. */
  shownPhotos: number | null
  photos: number
  videos: number
  participants: number
}

const photoCount = (memories: readonly Memory[]) => memories.reduce((sum, memory) => sum + memory.images.length, 0)

/**
 * Counts for the book's summary: shown of total (photos in the gallery, memories elsewhere), and
 * the book's photos, videos and distinct writers.
 */
export function countMemories(all: readonly Memory[], shown: readonly Memory[], mode?: ViewMode): MemoryCounts {
  const writers = new Set(all.map((memory) => normaliseForSearch(memory.authorName)).filter(Boolean))
  return {
    shown: shown.length,
    total: all.length,
    shownPhotos: mode === 'gallery' ? photoCount(shown) : null,
    photos: photoCount(all),
    videos: all.filter((memory) => memory.videoUrl !== null).length,
    participants: writers.size,
  }
}

/** The view modes a book offers: 'videos' only on the full plan and only when a memory has one. */
export function availableViewModes(planType: string, memories: readonly Memory[]): ViewMode[] {
  const offersVideos = planType === 'full' && memories.some((memory) => memory.videoUrl !== null)
  return viewModes.filter((mode) => mode !== 'videos' || offersVideos)
}

export interface GalleryItem {
  key: string
  memory: Memory
  imageIndex: number
  url: string
  caption: string
}

/** Every image of the given memories, in their order, for the gallery. */
export function galleryItems(memories: readonly Memory[]): GalleryItem[] {
  return memories.flatMap((memory) =>
    memory.images.map((image, imageIndex) => ({
      key: `${memory.id}:${imageIndex}`,
      memory,
      imageIndex,
      url: image.url,
      caption: image.caption,
    })),
  )
}
