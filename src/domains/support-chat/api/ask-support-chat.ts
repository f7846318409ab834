import { useMutation } from '@tanstack/react-query'
import type { ChatReply, ChatSessionKey } from '@contracts/support-chat.ts'
import { invokeEdgeFunction } from '@/lib/edge-functions'

export interface ChatQuestion {
  text: string
  /** Null for the first question; the session it answered with afterwards. */
  session: ChatSessionKey | null
}

/** Sends a question; the support-chat function classifies it, answers and records both. */
function askSupportChat({ text, session }: ChatQuestion): Promise<ChatReply> {
  return invokeEdgeFunction('support-chat', { action: 'ask', text, session })
}

export function useAskSupportChat() {
  return useMutation({ mutationFn: askSupportChat })
}
