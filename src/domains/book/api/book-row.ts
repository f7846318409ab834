import { queryOptions, useQuery } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import type { Database } from '@contracts/database.ts'
import { bookKeys } from './book-keys'
import { toRefusal } from '@/lib/refusal'

export type BookRow = Database['public']['Tables']['memory_books']['Row']

/** The columns the book screens edit and show. */
export const editableBookColumns =
  'id,short_code,full_name,creator_name,birth_date,death_date,died_after_sunset,deceased_gender,memory_quote,profile_image_url,background_image_url,is_public,plan_type,is_paid'

export type EditableBook = Pick<
  BookRow,
  | 'id'
  | 'short_code'
  | 'full_name'
  | 'creator_name'
  | 'birth_date'
  | 'death_date'
  | 'died_after_sunset'
  | 'deceased_gender'
  | 'memory_quote'
  | 'profile_image_url'
  | 'background_image_url'
  | 'is_public'
  | 'plan_type'
  | 'is_paid'
>

/** A book the caller may read in full (owner or platform admin, by RLS); null when none. */
async function fetchEditableBook(id: string, signal: AbortSignal): Promise<EditableBook | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('memory_books')
    .select(editableBookColumns)
    .eq('id', id)
    .abortSignal(signal)
    .maybeSingle()
  if (error) throw toRefusal(error)
  return data as EditableBook | null
}

function editableBookQueryOptions(id: string) {
  return queryOptions({ queryKey: bookKeys.editable(id), queryFn: ({ signal }) => fetchEditableBook(id, signal) })
}

export function useEditableBook(id: string | undefined) {
  return useQuery({ ...editableBookQueryOptions(id ?? ''), enabled: Boolean(id) })
}
