import { QueryClient } from '@tanstack/react-query'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
      // A write runs even when the browser says it is offline: the form then shows its own message (or,
      // adding a memory, keeps the draft for later) instead of waiting, busy, for the connection.
      mutations: { retry: 0, networkMode: 'always' },
    },
  })
}

/** The app's one query cache; every QueryClientProvider of the app hands out this client. */
export const queryClient = createQueryClient()
