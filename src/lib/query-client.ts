import { QueryClient } from '@tanstack/react-query'

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: 0 },
    },
  })
}

/** The app's one query cache; every QueryClientProvider of the app hands out this client. */
export const queryClient = createQueryClient()
