/**
 * The owner types the dates of death and birth as an iPhone's number pad lets them: digits alone,
 * in WebKit and Firefox on a 412 px phone; the book keeps them.
 */
import { expect, it } from 'vitest'
import { booksStrings } from '../src/domains/book/strings/books'
import { datesStrings } from '../src/i18n/dates'
import { createBook, createUser, sql } from '../supabase/local/testing/index.ts'
import { waitUntil } from './harness/engine.ts'
import { forEachEngine, pageText, signIn } from './harness/journey.ts'

forEachEngine('dates typed as digits', (page, engine) => {
  it('the owner types 01062025 and 14031948: the book keeps 1 June 2025 and 14 March 1948', async () => {
    const owner = await createUser({ label: `dates-${engine}` })
    const book = await createBook({ fullName: 'שרה לוי', ownerEmail: owner.email, deathDate: null, birthDate: null })
    await signIn(page(), owner)

    await page().goto(`/edit-book/${book.id}`)
    await page().fill({ label: booksStrings.fields.deathDate }, '01062025')
    await page().fill({ label: booksStrings.fields.birthDate }, '14031948')
    await page().key('Tab')
    expect(await pageText(page())).not.toContain(datesStrings.errors.format)
    await page().click({ text: booksStrings.edit.save })
    const [row] = await waitUntil('the dates to be saved', async () => {
      const rows = await sql<{ birth: string | null; death: string | null }>(
        `select "birth_date"::text as "birth", "death_date"::text as "death" from "public"."memory_books" where "id" = $1`,
        [book.id],
      )
      return rows[0]?.death ? rows : null
    })
    expect(row).toEqual({ birth: '1948-03-14', death: '2025-06-01' })
  })
})
