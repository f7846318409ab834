import { memoriesStrings } from '@/domains/memories/strings/memories'
import type { MemoryRow } from '@/domains/memories/api/public-memories'

let sequence = 0

/** A memory row as get_book_memories returns it, with the given fields changed. */
export function memoryRow(fields: Partial<MemoryRow> = {}): MemoryRow {
  sequence += 1
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    book_id: 'b0000000-0000-4000-8000-000000000001',
    full_name: 'Dani Avrahami',
    relation_to_deceased: memoriesStrings.relationValues.friend,
    memory_text_1: 'A first memory',
    memory_text_2: null,
    memory_text_3: null,
    image_urls: [],
    image_captions: [],
    video_url: null,
    is_hidden: false,
    source: 'guest',
    created_at: '2026-10-10T10:00:00Z',
    ...fields,
  }
}
