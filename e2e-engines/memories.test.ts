/**
 * The guest's and the family's journey in WebKit and Firefox on a 412 px phone: the share link,
 * the family code, a memory with a photo, then the book as the family reads it (cards, the
 * full-screen viewer, the slideshow); and the draft of a memory sent while the server cannot be
 * reached, kept and sent when the page opens again with the server back.
 */
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { imageVariantUrl } from '../src/lib/image-variants'
import { tAddMemory } from '../src/domains/writing/strings/add-memory'
import { memoriesStrings, tMemories } from '../src/domains/memories/strings/memories'
import { tSharing } from '../src/domains/book/strings/sharing'
import { addMemory, createBook, pngFile, serviceDownload, sql, type TestBook } from '../supabase/local/testing/index.ts'
import { cutNetwork } from './harness/cut-off-proxy.ts'
import { waitUntil } from './harness/engine.ts'
import {
  countOf,
  fileToUpload,
  forEachEngine,
  pageText,
  proxyUrl,
  waitForCount,
  waitForPath,
  waitForText,
} from './harness/journey.ts'

interface StoredMemory {
  full_name: string
  image_urls: string[]
  source: string
}

function storedMemories(book: TestBook): Promise<StoredMemory[]> {
  return sql<StoredMemory>(
    `select "full_name", "image_urls", "source" from "public"."memory_entries" where "book_id" = $1 order by "created_at"`,
    [book.id],
  )
}

/** A 64 × 48 photo in the iPhone's format (HEIC, made with libheif's heif-enc). */
const HEIC_PHOTO = fileURLToPath(new URL('./fixtures/iphone-photo.heic', import.meta.url))

const photo = pngFile('garden.png', 900, 600, [90, 140, 80], [200, 220, 180])

forEachEngine('share link → family code → memory with a photo → the book', (page, engine) => {
  let book: TestBook

  it('a relative opens the family link, enters the code and sends a memory with a photo', async () => {
    book = await createBook({ fullName: `אסתר ${engine}`, plan: 'pro', familyCode: '4826' })
    await page().goto(`/share/${book.shortCode}?family=true`)
    // The invitation's button is a link: followed as the phone would (a tap on it is flaky under WebDriver).
    const invitation = await waitUntil('the invitation link', () =>
      page().run<string | null>(
        `const link = [...document.querySelectorAll('a')].find((a) => a.textContent.trim() === arguments[0]); return link ? link.href : null`,
        tSharing('landing.cta'),
      ),
    )
    await page().goto(invitation)
    await waitForPath(page(), new RegExp(`/add-memory/${book.shortCode}\\?family=true$`))
    await page().type({ label: tMemories('gate.label') }, '4826')
    await page().click({ text: tMemories('gate.submit') })
    await waitForText(page(), tAddMemory('fields.relationAuto'))

    await page().type({ label: tAddMemory('fields.fullName') }, 'דוד כהן')
    await page().type({ label: tMemories('prompts.text1') }, 'אבא שלי לימד אותי לרכוב על אופניים.')
    await page().upload({ css: '[data-testid="image-input"]' }, [fileToUpload(photo.name, photo.buffer)])
    await waitForCount(page(), '[data-testid="chosen-image"]', 1)
    await page().click({ text: tAddMemory('submit.button') })
    await waitForText(page(), tAddMemory('thanks.title'))

    const [memory] = await storedMemories(book)
    expect(memory).toMatchObject({ full_name: 'דוד כהן', source: 'family' })
    expect(memory!.image_urls).toHaveLength(1)
    const stored = await serviceDownload(memory!.image_urls[0]!)
    expect(stored.headers.get('content-type')).toBe('image/jpeg')
    // The small copy readers load instead of the photo is there in every engine.
    const copy = await serviceDownload(imageVariantUrl(memory!.image_urls[0], 240)!)
    expect(copy.status).toBe(200)
    expect(copy.headers.get('content-type')).toMatch(/^image\/(webp|jpeg)$/)
  })

  it('the family reads the book: the card shows the photo, the viewer and the slideshow move', async () => {
    await addMemory(book, { fullName: 'רחל כהן', texts: ['אמא של כולנו.', null, null], daysAgo: 3 })
    await page().goto(`/view-book/${book.shortCode}`)
    await waitForCount(page(), '[data-testid="memory-card"]', 2)
    expect(await pageText(page())).toContain('דוד כהן')
    await waitUntil('the card photo to be decoded', () =>
      page().run<boolean>(
        `const image = document.querySelector('[data-testid="memory-card"] img'); return Boolean(image && image.complete && image.naturalWidth > 0)`,
      ),
    )

    await page().click({ css: '[data-testid="memory-card"] footer button' })
    await waitForText(page(), tMemories('viewer.counter', { n: 1, total: 2 }))
    // Right to left, the next button sits at the left: ArrowLeft goes where it goes.
    await page().key('ArrowLeft')
    await waitForText(page(), tMemories('viewer.counter', { n: 2, total: 2 }))
    await page().key('ArrowRight')
    await waitForText(page(), tMemories('viewer.counter', { n: 1, total: 2 }))
    await page().key('Escape')
    await waitUntil('the viewer to close', async () => (await countOf(page(), '[role="dialog"]')) === 0)

    await page().goto(`/memories-slideshow/${book.shortCode}?family=true`)
    await waitForText(page(), tMemories('slideshow.counter', { n: 1, total: 2 }))
    await page().key('ArrowLeft')
    await waitForText(page(), tMemories('slideshow.counter', { n: 2, total: 2 }))
  })

  it('a memory sent while the server is unreachable is kept as a draft, shown again on a reload, and sent when the page opens with the server back', async () => {
    const offline = await createBook({ fullName: `נחום ${engine}`, plan: 'pro' })
    await page().goto(`/add-memory/${offline.shortCode}`)
    await page().type({ label: tAddMemory('fields.fullName') }, 'תמר שפירא')
    await page().click({ label: memoriesStrings.relationValues.friend })
    await page().type({ label: tMemories('prompts.text3') }, 'לא הספקתי להגיד תודה.')

    // Text only: the memory's own request (fetch) is the one that fails, in the engine's words.
    await cutNetwork(proxyUrl, true)
    try {
      await page().click({ text: tAddMemory('submit.button') })
      // Safari's "Load failed" is a network failure like any engine's: the offline notice, not a refusal.
      await waitForText(page(), tAddMemory('errors.offlineTitle'))
      // Reloaded while the server is still unreachable: the page and its draft, not an error.
      await page().reload()
      await waitForText(page(), tAddMemory('draft.restored'))
      const typed = await page().run<string[]>(
        `return [...document.querySelectorAll('input, textarea')].map((field) => field.value)`,
      )
      expect(typed).toEqual(expect.arrayContaining(['תמר שפירא', 'לא הספקתי להגיד תודה.']))
      const shown = await pageText(page())
      expect(shown).not.toContain(tMemories('book.notFound'))
      expect(shown).not.toContain(tMemories('book.memoriesLoadError'))
      // Checked while the page still cannot reach the server (the test's SQL does not go through the
      // proxy): once the server is back, the page may rightly send the draft on its own.
      expect(await storedMemories(offline)).toHaveLength(0)
    } finally {
      await cutNetwork(proxyUrl, false)
    }
    await page().goto(`/add-memory/${offline.shortCode}`)
    await waitForText(page(), tAddMemory('thanks.title'))
    const [memory] = await storedMemories(offline)
    expect(memory).toMatchObject({ full_name: 'תמר שפירא' })
  })

  it("an iPhone's HEIC photo is stored as a JPEG every reader's browser shows", async () => {
    const heicBook = await createBook({ fullName: `אייפון ${engine}`, plan: 'pro' })
    await page().goto(`/add-memory/${heicBook.shortCode}`)
    await page().type({ label: tAddMemory('fields.fullName') }, 'נועה')
    await page().click({ label: memoriesStrings.relationValues.friend })
    await page().type({ label: tMemories('prompts.text1') }, 'צילמתי אותה בטלפון.')
    await page().upload({ css: '[data-testid="image-input"]' }, [HEIC_PHOTO])
    await waitForCount(page(), '[data-testid="chosen-image"]', 1)
    await page().click({ text: tAddMemory('submit.button') })
    await waitForText(page(), tAddMemory('thanks.title'))
    const [memory] = await storedMemories(heicBook)
    expect(memory!.image_urls[0]).toMatch(/\.jpg$/)
    const stored = await serviceDownload(memory!.image_urls[0]!)
    expect(stored.headers.get('content-type')).toBe('image/jpeg')
    expect([...new Uint8Array(await stored.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8])
  })
})
