import { relationWord } from '@shared/deceased-words.ts'
import type { MemoryRow } from '@/domains/memories/api/public-memories'
import { relationKeyOf, type RelationKey } from '@/domains/memories/lib/relations'

export type PromptNumber = 1 | 2 | 3

export interface MemoryText {
  prompt: PromptNumber
  text: string
}

export interface MemoryImage {
  url: string
  caption: string
}

/** A memory as the screens show it, whatever columns (old single image, arrays) it came in. */
export interface Memory {
  id: string
  authorName: string
  relation: string | null
  relationKey: RelationKey
  createdAt: string
  /** createdAt in milliseconds, for sorting without parsing dates again. */
  createdAtMs: number
  texts: MemoryText[]
  images: MemoryImage[]
  videoUrl: string | null
  isHidden: boolean
}

function present(text: string | null | undefined): text is string {
  return typeof text === 'string' && text.trim() !== ''
}

function imagesOf(row: MemoryRow): MemoryImage[] {
  return (row.image_urls ?? []).flatMap((url, index) =>
    present(url) ? [{ url, caption: row.image_captions?.[index]?.trim() ?? '' }] : [],
  )
}

export function toMemory(row: MemoryRow): Memory {
  const texts = ([row.memory_text_1, row.memory_text_2, row.memory_text_3] as const)
    .map((text, index) => ({ prompt: (index + 1) as PromptNumber, text: text?.trim() ?? '' }))
    .filter((entry) => entry.text !== '')
  return {
    id: row.id,
    authorName: row.full_name.trim().replace(/\s+/g, ' '),
    relation: relationWord(row.relation_to_deceased),
    relationKey: relationKeyOf(row.relation_to_deceased),
    createdAt: row.created_at,
    createdAtMs: Date.parse(row.created_at),
    texts,
    images: imagesOf(row),
    videoUrl: present(row.video_url) ? row.video_url : null,
    isHidden: row.is_hidden,
  }
}

/** Only entries with some text, an image or a video are shown. */
export function hasContent(memory: Memory): boolean {
  return memory.texts.length > 0 || memory.images.length > 0 || memory.videoUrl !== null
}

/**
 * The memories a reader sees: with content, and without hidden ones unless the reader manages
 * the book (the owner and platform admins see them, marked, to show them again).
 */
export function readableMemories(rows: readonly MemoryRow[], { includeHidden }: { includeHidden: boolean }): Memory[] {
  return rows.map(toMemory).filter((memory) => hasContent(memory) && (includeHidden || !memory.isHidden))
}
