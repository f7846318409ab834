import { queryOptions, useQuery } from '@tanstack/react-query'
import { isCertainlySignedOut } from '@/domains/accounts/session/useAuthSession'
import { getPublicRpc } from '@/lib/public-rpc'
import { getSupabase } from '@/lib/supabase'
import type { Database } from '@contracts/database.ts'
import { toRefusal } from '@/lib/refusal'
import { mourningCalendarKeys } from './mourning-calendar-keys'

/**
 * A book's calendar as get_book_calendar gives it: the death date, whether it was after sunset,
 * and the shiva details, which the server fills only for those who may see them now.
 */
export type BookCalendar = Database['public']['Functions']['get_book_calendar']['Returns'][number]

export interface ShivaDetails {
  address: string
  startsOn: string
  endsOn: string
  visitingHours: string | null
  note: string | null
  mapUrl: string | null
}

async function fetchBookCalendar(
  bookRef: string,
  accessGrant: string | null,
  signal: AbortSignal,
): Promise<BookCalendar | null> {
  // A signed-out visitor has no session to send: no supabase-js (and no preflight) for this read.
  if (isCertainlySignedOut()) {
    const rows = await getPublicRpc<BookCalendar>(
      'get_book_calendar',
      { book_ref: bookRef, access_grant: accessGrant },
      { signal },
    ).catch((error: unknown) => {
      throw toRefusal(error)
    })
    return rows[0] ?? null
  }
  const supabase = await getSupabase()
  const args = accessGrant ? { book_ref: bookRef, access_grant: accessGrant } : { book_ref: bookRef }
  const { data, error } = await supabase.rpc('get_book_calendar', args).abortSignal(signal)
  if (error) throw toRefusal(error)
  return data[0] ?? null
}

function bookCalendarQueryOptions(bookRef: string, accessGrant: string | null = null) {
  return queryOptions({
    queryKey: mourningCalendarKeys.calendar(bookRef, accessGrant),
    queryFn: ({ signal }) => fetchBookCalendar(bookRef, accessGrant, signal),
    staleTime: 5 * 60_000,
  })
}

export function useBookCalendar(bookRef: string | undefined, accessGrant: string | null = null) {
  return useQuery({ ...bookCalendarQueryOptions(bookRef ?? '', accessGrant), enabled: Boolean(bookRef) })
}

export function shivaDetailsOf(calendar: BookCalendar | null | undefined): ShivaDetails | null {
  if (!calendar?.shiva_address || !calendar.shiva_starts_on || !calendar.shiva_ends_on) return null
  return {
    address: calendar.shiva_address,
    startsOn: calendar.shiva_starts_on,
    endsOn: calendar.shiva_ends_on,
    visitingHours: calendar.shiva_visiting_hours,
    note: calendar.shiva_note,
    mapUrl: calendar.shiva_map_url,
  }
}
