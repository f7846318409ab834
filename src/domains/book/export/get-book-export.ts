import { useQuery } from '@tanstack/react-query'
import { databaseReason, toRefusal } from '@/lib/refusal'
import { readableAddresses } from '@/lib/readable-media'
import { getSupabase } from '@/lib/supabase'
import { bookKeys } from '@/domains/book/api/book-keys'
import type { BookExportData } from './export-model'

/**
 * Everything the export writes, from book_export(): the database answers it to the owner, the
 * confirmed family admins and platform admins only; anyone else gets null ("not found").
 */
async function fetchBookExport(bookId: string, signal: AbortSignal): Promise<BookExportData | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('book_export', { book: bookId }).abortSignal(signal)
  if (error) {
    const refusal = toRefusal(error)
    if (databaseReason(refusal) === 'book_not_found') return null
    throw refusal
  }
  const exported = data as unknown as BookExportData
  // How the book speaks of the deceased is on its card (the export's answer predates it).
  const card = await supabase.rpc('get_book_card', { book_ref: bookId }).abortSignal(signal)
  if (card.error) throw toRefusal(card.error)
  const gender = card.data[0]?.deceased_gender ?? null
  return withReadableFiles({ ...exported, book: { ...exported.book, deceased_gender: gender } })
}

/**
 * The export stores each file's URL as the database keeps it; the files are fetched at the
 * addresses the database gives this reader for them (the bucket is private).
 */
async function withReadableFiles(data: BookExportData): Promise<BookExportData> {
  const { book, memories } = data
  const addresses = await readableAddresses([
    book.profile_image_url ?? '',
    book.background_image_url ?? '',
    ...memories.flatMap((memory) => [...memory.image_urls, memory.video_url ?? '']),
  ])
  const readable = <T extends string | null>(url: T): T => (url ? (addresses.get(url) ?? url) : url) as T
  return {
    ...data,
    book: {
      ...book,
      profile_image_url: readable(book.profile_image_url),
      background_image_url: readable(book.background_image_url),
    },
    memories: memories.map((memory) => ({
      ...memory,
      image_urls: memory.image_urls.map(readable),
      video_url: readable(memory.video_url),
    })),
  }
}

/** The export of the book `bookId` (a uuid); waits while the book is still being looked up (null). */
export function useBookExport(bookId: string | null) {
  return useQuery({
    queryKey: bookKeys.export(bookId ?? ''),
    queryFn: ({ signal }) => fetchBookExport(bookId!, signal),
    enabled: bookId !== null,
    staleTime: 0,
    gcTime: 0,
  })
}
