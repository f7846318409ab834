import { useQuery } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'
import { platformAdminKeys } from './platform-admin-keys'

export type ChatIntent = 'pricing' | 'gift' | 'technical' | 'family_code' | 'process' | 'support' | 'greeting' | 'other'

export interface ChatMessage {
  message_text: string
  is_bot: boolean
  intent: ChatIntent | null
  timestamp: string
}

export interface ChatSessionSummary {
  session_id: string
  started_at: string
  message_count: number
  user_satisfaction: number | null
  resolved: boolean
  messages: ChatMessage[]
}

/** admin_chat_analytics(): the 50 latest sessions summed up (the database computes every figure). */
export interface ChatAnalytics {
  session_count: number
  average_satisfaction: number | null
  resolved_rate: number
  top_intents: { intent: ChatIntent; count: number }[]
  recent_sessions: ChatSessionSummary[]
}

async function fetchChatAnalytics(signal: AbortSignal): Promise<ChatAnalytics> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('admin_chat_analytics').abortSignal(signal)
  if (error) throw toRefusal(error)
  return data as unknown as ChatAnalytics
}

export function useChatAnalytics() {
  return useQuery({
    queryKey: platformAdminKeys.chatAnalytics(),
    queryFn: ({ signal }) => fetchChatAnalytics(signal),
  })
}
