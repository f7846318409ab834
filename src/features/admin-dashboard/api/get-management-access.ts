import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchUserRole } from '@/entities/user/api/user-role'
import { bookKeys } from '@/entities/book/api/book-keys'
import { getTypedSupabase } from '@/lib/supabase'

/** What the management dashboard shows of a book. */
export interface ManagedBook {
  id: string
  book_id: string
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

const bookColumns = 'id,book_id,full_name,birth_date,death_date,profile_image_url,family_access_code,is_paid'

export type ManagementRole = 'owner' | 'platformAdmin' | 'familyAdmin'

export type ManagementAccess =
  | { granted: true; role: ManagementRole; canManage: boolean; book: ManagedBook }
  | { granted: false }

const denied: ManagementAccess = { granted: false }

/**
 * Who the caller is for this book: the owner and platform admins manage, a
 * confirmed family admin reads; anyone else is refused. The database decides each of these.
 */
async function fetchManagementAccess(bookId: string, userId: string): Promise<ManagementAccess> {
  const supabase = await getTypedSupabase()
  const [isPlatformAdmin, mine, linkKey] = await Promise.all([
    fetchUserRole(userId).then((role) => role === 'admin'),
    supabase
      .rpc('my_books')
      .select(bookColumns + ',is_owner,is_family_admin')
      .eq('id', bookId)
      .maybeSingle(),
    supabase.rpc('family_link_key', { book: bookId }),
  ])
  if (mine.error) throw mine.error
  if (linkKey.error) throw linkKey.error
  const withLink = (book: BookRow): ManagedBook => ({ ...book, family_link_key: linkKey.data })
  const own = mine.data as (BookRow & { is_owner: boolean; is_family_admin: boolean }) | null
  if (own?.is_owner) return { granted: true, role: 'owner', canManage: true, book: withLink(own) }
  if (isPlatformAdmin) {
    const { data, error } = await supabase.from('memory_books').select(bookColumns).eq('id', bookId).maybeSingle()
    if (error) throw error
    return data ? { granted: true, role: 'platformAdmin', canManage: true, book: withLink(data) } : denied
  }
  if (own?.is_family_admin) return { granted: true, role: 'familyAdmin', canManage: false, book: withLink(own) }
  return denied
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function managementAccessQueryOptions(bookId: string | null, userId: string) {
  return queryOptions({
    queryKey: [...bookKeys.management(bookId ?? ''), userId],
    queryFn: () =>
      bookId && uuidPattern.test(bookId) ? fetchManagementAccess(bookId, userId) : Promise.resolve(denied),
  })
}

export function useManagementAccess(bookId: string | null, userId: string) {
  return useQuery(managementAccessQueryOptions(bookId, userId))
}
