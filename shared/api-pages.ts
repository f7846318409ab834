/**
 * The API answers at most `max_rows` rows to one read or function call (1,000 on a hosted project
 * unless its API settings say otherwise), without saying that rows were left out. A list that can
 * grow past that (a book's memories, the reminders' recipients) is read in pages of this size.
 */
const API_PAGE_ROWS = 1000

/** A page as PostgREST's offset and limit, and as supabase-js's range(offset, last). */
interface PageRange {
  offset: number
  limit: number
  last: number
}

/** Every row of such a list, in its order: the next page is asked for while the last one came full. */
export async function readAllPages<Row>(readPage: (range: PageRange) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = []
  for (;;) {
    const offset = rows.length
    const page = await readPage({ offset, limit: API_PAGE_ROWS, last: offset + API_PAGE_ROWS - 1 })
    rows.push(...page)
    if (page.length < API_PAGE_ROWS) return rows
  }
}
