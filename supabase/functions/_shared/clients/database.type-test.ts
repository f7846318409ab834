/**
 * The type test of the functions' database client, checked by `deno check` (scripts/test-all.ts)
 * and never run: every `@ts-expect-error` line reads or writes a column, table or database function
 * the schema does not have. Should ServiceClient lose the generated Database type (a bare
 * SupabaseClient answers any name with `any`), the directive stands over a line that compiles and
 * deno check fails on it.
 */
import type { ServiceClient } from './clients.ts'

export async function namesTheSchemaDoesNotHave(service: ServiceClient): Promise<void> {
  const book = await service.from('memory_books').select('id, book_id').eq('id', 'b').single()
  // @ts-expect-error memory_books' short code is short_code: book_id names a book's uuid in every other table
  console.log(book.data?.book_id.toUpperCase())
  // @ts-expect-error filtering on the short code by the name book_id (a rename the function did not follow)
  await service.from('memory_books').select('id').eq('book_id', 'RACHEL23')
  const memory = await service.from('memory_entries').select('id, image_url').eq('id', 'm').single()
  // @ts-expect-error a legacy column that was dropped (memory_entries keeps image_urls and image_captions)
  console.log(memory.data?.image_url)
  // @ts-expect-error filtering on a column memory_books does not have
  await service.from('memory_books').select('id').eq('owner_mail', 'a@example.com')
  // @ts-expect-error writing a column users does not have
  await service.from('users').update({ display_name: 'x' }).eq('id', 'u')
  // @ts-expect-error a table the schema does not have
  await service.from('memory_book').select('id')
  // @ts-expect-error a database function the schema does not have
  await service.rpc('claim_gift', { claimer: 'u', gift_code: 'g' })
  // @ts-expect-error an argument claim_gift_as does not take
  await service.rpc('claim_gift_as', { claimer: 'u', code: 'g' })
  // @ts-expect-error the payment session's id under its old, Stripe-only name
  await service.from('payment_sessions').select('provider').eq('stripe_session_id', 's')
}

export async function namesTheSchemaHas(service: ServiceClient): Promise<string | undefined> {
  const { data } = await service.from('memory_books').select('id, short_code').eq('short_code', 'RACHEL23').single()
  return data?.short_code.toUpperCase()
}
