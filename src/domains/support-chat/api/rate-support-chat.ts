import { useMutation } from '@tanstack/react-query'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import type { ChatSessionKey } from '@contracts/support-chat.ts'

export interface ChatRating {
  session: ChatSessionKey
  /** 1–5. */
  rating: number
  /** Whether the question was answered; null when the visitor did not say. */
  resolved: boolean | null
}

async function rateSupportChat({ session, rating, resolved }: ChatRating): Promise<void> {
  await invokeEdgeFunction('support-chat', { action: 'rate', session, rating, resolved })
}

export function useRateSupportChat() {
  return useMutation({ mutationFn: rateSupportChat })
}
