import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Database } from '@/types/database'
import { toBookApiError } from './api-error'
import { getTypedSupabase } from '@/lib/supabase'

export type MemoryEntryRow = Database['public']['Tables']['memory_entries']['Row']

/** The columns the memory screens show (not the author's user id). */
const memoryColumns =
  'id,book_id,full_name,relation_to_deceased,memory_text_1,memory_text_2,memory_text_3,image_url,' +
  'image_description,image_urls,image_descriptions,image_captions,video_url,is_hidden,source,created_at'

export type MemoryRow = Omit<MemoryEntryRow, 'author_user_id'>

/**
 * The memories the caller may read (get_book_memories): every one for the book's managers, the
 * visible ones of a public book, or of a private book with its family code.
 */
export async function fetchBookMemories(bookUuid: string, familyCode: string | null): Promise<MemoryRow[]> {
  const supabase = await getTypedSupabase()
  const args = familyCode ? { book_ref: bookUuid, code: familyCode } : { book_ref: bookUuid }
  const { data, error } = await supabase.rpc('get_book_memories', args).select(memoryColumns)
  if (error) throw toBookApiError(error)
  return (data ?? []) as unknown as MemoryRow[]
}

export function bookMemoriesQueryKey(bookUuid: string) {
  return ['book-memories', bookUuid] as const
}

export function bookMemoriesQueryOptions(bookUuid: string, familyCode: string | null) {
  return queryOptions({
    queryKey: [...bookMemoriesQueryKey(bookUuid), familyCode ?? ''],
    queryFn: () => fetchBookMemories(bookUuid, familyCode),
  })
}

export function useBookMemories(bookUuid: string | undefined, familyCode: string | null, enabled: boolean) {
  return useQuery({ ...bookMemoriesQueryOptions(bookUuid ?? '', familyCode), enabled: enabled && Boolean(bookUuid) })
}
