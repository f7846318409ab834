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

/** Sends a question; the support-chat function classifies it, answers and records both. */
export function askSupportChat(text: string, session: ChatSessionKey | null): Promise<ChatReply> {
  return invokeEdgeFunction<ChatReply>('support-chat', { action: 'ask', text, session })
}

export function rateSupportChat(session: ChatSessionKey, rating: number, resolved: boolean | null): Promise<void> {
  return invokeEdgeFunction<{ ok: true }>('support-chat', { action: 'rate', session, rating, resolved }).then(
    () => undefined,
  )
}
