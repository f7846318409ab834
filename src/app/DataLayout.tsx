import { QueryClientProvider } from '@tanstack/react-query'
import { Outlet } from 'react-router-dom'
import { queryClient } from '@/lib/query-client'

/**
 * Wraps the screens that talk to the backend in the app's QueryClientProvider. Loaded with the first
 * such screen, so the public pages (landing, information pages) do not download TanStack Query.
 * A lazily loaded part outside this layout that needs queries wraps itself in a provider with the
 * same `queryClient`, and shares its cache.
 */
export default function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  )
}
