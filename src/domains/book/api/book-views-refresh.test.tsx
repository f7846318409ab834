import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { bookKeys } from './book-keys'
import { useDeleteBook } from './delete-book'
import { useRegenerateFamilyCode } from './regenerate-family-code'
import { useSetBookPrivacy } from './set-book-privacy'
import { useUpdateBook, type BookChanges } from './update-book'

/** A database that accepts every write and answers with what was written. */
function acceptingDatabase() {
  const table = () => {
    let written: Record<string, unknown> = {}
    const builder = {
      update: (values: Record<string, unknown>) => ((written = values), builder),
      eq: (_column: string, id: string) => ((written = { ...written, id }), builder),
      select: () => Promise.resolve({ data: [written], error: null }),
    }
    return builder
  }
  return { from: table, rpc: () => Promise.resolve({ data: 'NEWC0D', error: null }) }
}

vi.mock('@/lib/supabase', () => ({ getSupabase: () => Promise.resolve(acceptingDatabase()) }))
vi.mock('@/lib/edge-functions', () => ({
  invokeEdgeFunction: () => Promise.resolve({ deleted: true, files_removed: 0, refunded_agorot: 0 }),
}))

const bookId = '7f1c2a4e-9b3d-4c5e-8f60-1a2b3c4d5e6f'
const shortId = 'AB12CD'

/** What each screen that shows the book keeps in the cache. */
const screens: Record<string, QueryKey> = {
  dashboard: bookKeys.mine(),
  managementDashboard: [...bookKeys.management(bookId), 'user-1'],
  editForm: bookKeys.editable(bookId),
  viewBook: [...bookKeys.memories(bookId), ''],
  viewBookAccess: bookKeys.access(bookId),
  share: bookKeys.card(shortId),
  qr: bookKeys.card(shortId.toLowerCase()),
}

let queryClient: QueryClient

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

function staleScreens(): string[] {
  return Object.entries(screens)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([screen]) => screen)
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  for (const key of Object.values(screens)) queryClient.setQueryData(key, { shown: 'before' })
})

const changes: BookChanges = {
  full_name: 'רחל לוי',
  creator_name: 'דנה',
  birth_date: '1940-01-02',
  died_after_sunset: false,
  deceased_gender: 'female',
  death_date: '2024-03-04',
  memory_quote: null,
  profile_image_url: null,
  background_image_url: null,
}

/** The four changes, each through the hook its screen uses. */
const changesToTheBook: Record<string, () => Promise<unknown>> = {
  'editing the book': () =>
    run(
      () => useUpdateBook(bookId),
      (edit) => edit.mutateAsync(changes),
    ),
  'toggling privacy': () =>
    run(
      () => useSetBookPrivacy(bookId),
      (privacy) => privacy.mutateAsync(false),
    ),
  'renewing the family code': () =>
    run(
      () => useRegenerateFamilyCode(bookId),
      (renew) => renew.mutateAsync(),
    ),
  'deleting the book': () => run(useDeleteBook, (remove) => remove.mutateAsync(bookId)),
}

async function run<Hook>(useHook: () => Hook, change: (hook: Hook) => Promise<unknown>): Promise<void> {
  const { result } = renderHook(useHook, { wrapper })
  await act(() => change(result.current))
}

describe('a change to a book marks every screen that shows it for a fresh read (active screens refetch at once)', () => {
  it.each(Object.entries(changesToTheBook))('%s', async (_change, change) => {
    expect(staleScreens()).toEqual([])
    await change()
    expect(staleScreens()).toEqual(Object.keys(screens))
  })
})
