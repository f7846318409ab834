import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getTypedSupabase } from '@/lib/supabase'

export const NEWS_FREQUENCIES = ['batch', 'daily', 'off'] as const
export type NewsFrequency = (typeof NEWS_FREQUENCIES)[number]

const newsKey = (bookId: string) => ['memory-news', bookId] as const

/** How the caller hears of new memories in the book: batch (the owner's default), daily or off. */
async function fetchNewsSetting(bookId: string): Promise<NewsFrequency> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase.rpc('memory_news_setting', { book: bookId })
  if (error) throw error
  return data as NewsFrequency
}

async function setNewsSetting(bookId: string, frequency: NewsFrequency): Promise<NewsFrequency> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase.rpc('set_memory_news', { book: bookId, frequency })
  if (error) throw error
  return data as NewsFrequency
}

export function useNewsSetting(bookId: string) {
  return useQuery({ queryKey: newsKey(bookId), queryFn: () => fetchNewsSetting(bookId) })
}

export function useSetNewsSetting(bookId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (frequency: NewsFrequency) => setNewsSetting(bookId, frequency),
    onSuccess: (frequency) => queryClient.setQueryData(newsKey(bookId), frequency),
  })
}
