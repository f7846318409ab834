import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { deleteBook } from '@/domains/book/api/delete-book'
import { getSupabase } from '@/lib/supabase'
import type { Database } from '@contracts/database.ts'
import { toRefusal } from '@/lib/refusal'
import { platformAdminKeys } from './platform-admin-keys'

export type AdminBookRow = Database['public']['Functions']['admin_list_books']['Returns'][number]

export const BOOKS_PAGE_SIZE = 20

export interface BookPage {
  rows: AdminBookRow[]
  total: number
}

async function fetchBookPage(search: string, page: number, signal: AbortSignal): Promise<BookPage> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .rpc('admin_list_books', {
      search: search.trim() || undefined,
      page_size: BOOKS_PAGE_SIZE,
      page_offset: page * BOOKS_PAGE_SIZE,
    })
    .abortSignal(signal)
  if (error) throw toRefusal(error)
  return { rows: data, total: data[0]?.total_count ?? 0 }
}

export function useBookPage(search: string, page: number) {
  return useQuery({
    queryKey: platformAdminKeys.bookPage(search, page),
    queryFn: ({ signal }) => fetchBookPage(search, page, signal),
    placeholderData: keepPreviousData,
  })
}

export type OverviewCounts = Database['public']['Functions']['admin_overview_counts']['Returns'][number]

async function fetchOverviewCounts(signal: AbortSignal): Promise<OverviewCounts> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('admin_overview_counts').abortSignal(signal).single()
  if (error) throw toRefusal(error)
  return data
}

export function useOverviewCounts() {
  return useQuery({
    queryKey: platformAdminKeys.overview(),
    queryFn: ({ signal }) => fetchOverviewCounts(signal),
  })
}

async function togglePaymentStatus(bookId: string): Promise<string> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('admin_toggle_payment_status', { book: bookId })
  if (error) throw toRefusal(error)
  return data
}

async function resetFamilyCode(bookId: string): Promise<string> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('generate_family_code', { book: bookId })
  if (error) throw toRefusal(error)
  return data
}

/** A book action that refreshes the list and the counts once it is done. */
function useBookMutation<Answer>(action: (bookId: string) => Promise<Answer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: action,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: platformAdminKeys.books() }),
        queryClient.invalidateQueries({ queryKey: platformAdminKeys.overview() }),
      ])
    },
  })
}

export const useTogglePaymentStatus = () => useBookMutation(togglePaymentStatus)
export const useResetFamilyCode = () => useBookMutation(resetFamilyCode)
export const useDeleteBook = () => useBookMutation(deleteBook)

export function useRefreshBooks() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: platformAdminKeys.books() }),
      queryClient.invalidateQueries({ queryKey: platformAdminKeys.overview() }),
    ])
}
