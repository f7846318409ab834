import { useMutation } from '@tanstack/react-query'
import { invokeEdgeFunction } from '@/lib/edge-functions'

/** The visitor's chat session: its id and the token that alone lets this visitor write into it. */
export interface ChatSessionKey {
  id: string
  token: string
}

export interface ChatReply {
  session: ChatSessionKey
  intent: string
  answer: string
}

export interface ChatQuestion {
  text: string
  /** Null for the first question; the session it answered with afterwards. */
  session: ChatSessionKey | null
}

/** Sends a question; the support-chat function classifies it, answers and records both. */
function askSupportChat({ text, session }: ChatQuestion): Promise<ChatReply> {
  return invokeEdgeFunction<ChatReply>('support-chat', { action: 'ask', text, session })
}

export function useAskSupportChat() {
  return useMutation({ mutationFn: askSupportChat })
}
