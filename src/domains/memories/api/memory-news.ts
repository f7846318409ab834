import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'
import { memoryKeys } from './memory-keys'

export const NEWS_FREQUENCIES = ['batch', 'daily', 'off'] as const
export type NewsFrequency = (typeof NEWS_FREQUENCIES)[number]

/** How the caller hears of new memories in the book: batch (the owner's default), daily or off. */
async function fetchNewsSetting(bookId: string, signal: AbortSignal): Promise<NewsFrequency> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('memory_news_setting', { book: bookId }).abortSignal(signal)
  if (error) throw toRefusal(error)
  return data as NewsFrequency
}

async function setNewsSetting(bookId: string, frequency: NewsFrequency): Promise<NewsFrequency> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('set_memory_news', { book: bookId, frequency })
  if (error) throw toRefusal(error)
  return data as NewsFrequency
}

export function useNewsSetting(bookId: string) {
  return useQuery({
    queryKey: memoryKeys.news(bookId),
    queryFn: ({ signal }) => fetchNewsSetting(bookId, signal),
  })
}

export function useSetNewsSetting(bookId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (frequency: NewsFrequency) => setNewsSetting(bookId, frequency),
    onSuccess: (frequency) => queryClient.setQueryData(memoryKeys.news(bookId), frequency),
  })
}
