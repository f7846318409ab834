import { QueryClient } from '@tanstack/react-query'
import { networkRetryDelay, retriesNetworkFailure } from './retry'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
      // A write whose request did not reach the server is tried again (3 attempts in all, 1 s and 2 s
      // apart); a refusal never is. It runs even when the browser says it is offline: the form then
      // shows its own message (or, adding a memory, keeps the draft for later) instead of waiting.
      mutations: { retry: retriesNetworkFailure, retryDelay: networkRetryDelay, networkMode: 'always' },
    },
  })
}

/** The app's one query cache; every QueryClientProvider of the app hands out this client. */
export const queryClient = createQueryClient()
