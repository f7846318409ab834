import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchUserRole } from '@/domains/accounts/api/user-role'
import { bookKeys } from '@/domains/book/api/book-keys'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'
import { resolveBookId } from './get-book-card'

/** What the management dashboard shows of a book. */
export interface ManagedBook {
  id: string
  short_code: string
  full_name: string
  birth_date: string | null
  death_date: string | null
  profile_image_url: string | null
  family_access_code: string | null
  is_paid: boolean
  /** The key the family's link carries (its managers only). */
  family_link_key: string | null
}

type BookRow = Omit<ManagedBook, 'family_link_key'>

const bookColumns = 'id,short_code,full_name,birth_date,death_date,profile_image_url,family_access_code,is_paid'

export type ManagementRole = 'owner' | 'platformAdmin' | 'familyAdmin'

export type ManagementAccess =
  | { granted: true; role: ManagementRole; canManage: boolean; book: ManagedBook }
  | { granted: false; reason: 'denied' | 'notFound' }

const denied: ManagementAccess = { granted: false, reason: 'denied' }
const notFound: ManagementAccess = { granted: false, reason: 'notFound' }

/** Whether the book exists at all (its public card), to tell "not found" from "not yours". */
async function bookExists(bookId: string, signal: AbortSignal): Promise<boolean> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('get_book_card', { book_ref: bookId }).abortSignal(signal)
  if (error) throw toRefusal(error)
  return data.length > 0
}

async function withLinkKey(book: BookRow, signal: AbortSignal): Promise<ManagedBook> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('family_link_key', { book: book.id }).abortSignal(signal)
  if (error) throw toRefusal(error)
  return { ...book, family_link_key: data }
}

/**
 * Who the caller is for this book: the owner and platform admins manage, a
 * confirmed family admin reads; anyone else is refused, and a book that does not exist is "not
 * found". The database decides each of these.
 */
async function fetchManagementAccess(ref: string, userId: string, signal: AbortSignal): Promise<ManagementAccess> {
  const bookId = await resolveBookId(ref, signal)
  if (!bookId) return notFound
  const supabase = await getSupabase()
  const [isPlatformAdmin, mine] = await Promise.all([
    fetchUserRole(userId).then((role) => role === 'admin'),
    supabase
      .rpc('my_books')
      .select(bookColumns + ',is_owner,is_family_admin')
      .eq('id', bookId)
      .abortSignal(signal)
      .maybeSingle(),
  ])
  if (mine.error) throw toRefusal(mine.error)
  const own = mine.data as (BookRow & { is_owner: boolean; is_family_admin: boolean }) | null
  if (own?.is_owner) return { granted: true, role: 'owner', canManage: true, book: await withLinkKey(own, signal) }
  if (isPlatformAdmin) {
    const { data, error } = await supabase
      .from('memory_books')
      .select(bookColumns)
      .eq('id', bookId)
      .abortSignal(signal)
      .maybeSingle()
    if (error) throw toRefusal(error)
    return data
      ? { granted: true, role: 'platformAdmin', canManage: true, book: await withLinkKey(data, signal) }
      : notFound
  }
  if (own?.is_family_admin) {
    return { granted: true, role: 'familyAdmin', canManage: false, book: await withLinkKey(own, signal) }
  }
  return (await bookExists(bookId, signal)) ? denied : notFound
}

function managementAccessQueryOptions(bookRef: string | null, userId: string) {
  return queryOptions({
    queryKey: bookKeys.managementFor(bookRef ?? '', userId),
    queryFn: ({ signal }) =>
      bookRef?.trim() ? fetchManagementAccess(bookRef, userId, signal) : Promise.resolve(notFound),
  })
}

export function useManagementAccess(bookRef: string | null, userId: string) {
  return useQuery(managementAccessQueryOptions(bookRef, userId))
}
