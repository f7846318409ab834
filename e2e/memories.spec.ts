import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import { tAddMemory } from '../src/domains/writing/strings/add-memory'
import { memoriesStrings, tMemories } from '../src/domains/memories/strings/memories'
import { tSharing } from '../src/domains/book/strings/sharing'
import {
  createUser,
  createBook,
  addMemories,
  sql,
  uploadToBucket,
  pngFile,
  mp4Header,
  serviceDownload,
  type TestBook,
} from '../supabase/local/testing/index.ts'
import { waitForSavedDraft } from './fixtures/drafts'
import { signInThroughUi } from './fixtures/session'
import { shot } from './fixtures/screenshots'

/*
 * The memories journey on a phone (412 px): a guest is invited and writes, the family reads the
 * private book, the book's views and viewer, the local draft across a dropped connection, plan
 * limits, the slideshow, the QR code and the link preview for crawlers.
 */

// Uploads, compression in a worker and a PGlite backend: generous waits, for slow CI machines.
const expect = baseExpect.configure({ timeout: 15_000 })
test.describe.configure({ timeout: 120_000 })

const relation = memoriesStrings.relationValues
/** The lockout message: the server answers it and the gate shows it as is (the catalogue holds the same text). */
const LOCKED_MESSAGE = tMemories('gate.locked')

async function screenshot(page: Page, name: string): Promise<void> {
  await shot(page, `memories-${name}`, { fullPage: true })
}

interface MemoryInput {
  name: string
  relation: string
  prompt: 'text1' | 'text2' | 'text3'
  text: string
  photos?: Parameters<Locator['setInputFiles']>[0]
}

async function fillMemory(page: Page, memory: MemoryInput): Promise<void> {
  await page.getByLabel(tAddMemory('fields.fullName')).fill(memory.name)
  await page.getByRole('radio', { name: memory.relation, exact: true }).click()
  await page.getByLabel(tMemories(`prompts.${memory.prompt}`)).fill(memory.text)
  if (memory.photos) {
    await page.getByTestId('image-input').setInputFiles(memory.photos)
  }
}

function saveButton(page: Page): Locator {
  return page.getByRole('button', { name: tAddMemory('submit.button') })
}

function thanksHeading(page: Page): Locator {
  return page.getByRole('heading', { name: tAddMemory('thanks.title') })
}

function codeField(page: Page): Locator {
  return page.getByLabel(tMemories('gate.label'))
}

interface StoredMemory {
  full_name: string
  relation_to_deceased: string
  source: string
  image_urls: string[]
  image_captions: string[]
}

async function storedMemories(book: TestBook): Promise<StoredMemory[]> {
  return sql<StoredMemory>(
    `select "full_name", "relation_to_deceased", "source", "image_urls", "image_captions"
       from "public"."memory_entries" where "book_id" = $1 order by "created_at"`,
    [book.id],
  )
}

test.describe('a guest writes, the family reads', () => {
  test.describe.configure({ mode: 'serial' })
  let book: TestBook

  test.beforeAll(async () => {
    book = await createBook({
      fullName: 'אסתר גולדברג',
      creatorName: 'מיכל',
      plan: 'pro',
      familyCode: '4826',
      withPhoto: true,
    })
  })

  test('a guest opens the share page and adds a text memory and a memory with two photos', async ({ page }) => {
    await page.goto(`/share/${book.shortCode}`)
    await expect(page.getByRole('heading', { level: 1, name: 'אסתר גולדברג ז״ל' })).toBeVisible()
    await expect(
      page.getByText(tSharing('landing.invitation', { sharer: 'מיכל', name: 'אסתר גולדברג ז״ל' })),
    ).toBeVisible()
    await expect(page).toHaveTitle('אסתר גולדברג ז״ל – ספר זיכרון | זוכרים')
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'אסתר גולדברג ז״ל – ספר זיכרון | זוכרים',
    )
    // The book is private: its portrait is given only to those who may read it, never to a link's visitor.
    await expect(page.locator('meta[property="og:image"]')).toHaveCount(0)
    await screenshot(page, 'share')

    await page.getByRole('link', { name: tSharing('landing.cta') }).click()
    await expect(page).toHaveURL(new RegExp(`/add-memory/${book.shortCode}$`))

    await fillMemory(page, {
      name: 'אורית לוי',
      relation: relation.friend,
      prompt: 'text1',
      text: 'הכרנו בשיעורי הציור בבית העם.',
    })
    await saveButton(page).click()
    await expect(thanksHeading(page)).toBeVisible()

    await page.getByRole('button', { name: tAddMemory('thanks.another') }).click()
    await fillMemory(page, {
      name: 'יוסי כהן',
      relation: relation.neighbour,
      prompt: 'text2',
      text: 'הקפה של הבוקר על המרפסת, כל יום שישי.',
      photos: [
        pngFile('garden.png', 900, 600, [90, 140, 80], [200, 220, 180]),
        pngFile('porch.png', 600, 900, [190, 150, 110]),
      ],
    })
    await expect(page.getByTestId('chosen-image')).toHaveCount(2)
    await page.getByLabel(tAddMemory('images.caption', { n: 1 })).fill('הגינה באביב')
    await screenshot(page, 'add-memory-form')
    await saveButton(page).click()
    await expect(thanksHeading(page)).toBeVisible()
    await screenshot(page, 'add-memory-thanks')

    const memories = await storedMemories(book)
    expect(memories.map((memory) => [memory.full_name, memory.relation_to_deceased, memory.source])).toEqual([
      ['אורית לוי', relation.friend, 'guest'],
      ['יוסי כהן', relation.neighbour, 'guest'],
    ])
    const photos = memories[1]!.image_urls
    expect(photos).toHaveLength(2)
    expect(memories[1]!.image_captions).toEqual(['הגינה באביב', ''])
    for (const url of photos) {
      expect(url).toMatch(new RegExp(`/memory-images/memories/${book.id}/\\d{8}-[0-9a-f]{24}\\.jpg$`))
      const photo = await serviceDownload(url)
      expect(photo.status).toBe(200)
      expect(photo.headers.get('content-type')).toBe('image/jpeg')
    }
  })

  test('a family member gets the wrong code refused, then reads the private book with the new memories', async ({
    page,
  }) => {
    await page.goto(`/view-book/${book.shortCode}`)
    await expect(page.getByRole('heading', { name: tMemories('gate.title') })).toBeVisible()
    const submit = page.getByRole('button', { name: tMemories('gate.submit') })
    await codeField(page).fill('482')
    await expect(submit).toBeDisabled()
    await expect(codeField(page)).toHaveAttribute('type', 'password')
    await page.getByRole('button', { name: tMemories('gate.show') }).click()
    await expect(codeField(page)).toHaveAttribute('type', 'text')

    await codeField(page).fill('1111')
    await submit.click()
    await expect(page.getByRole('alert').filter({ hasText: tMemories('gate.wrongTitle') })).toBeVisible()
    await screenshot(page, 'gate-wrong-code')

    await codeField(page).fill('4826')
    await submit.click()
    await expect(page.getByText(tMemories('gate.granted'))).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'אסתר גולדברג ז״ל' })).toBeVisible()
    const cards = page.getByTestId('memory-card')
    await expect(cards).toHaveCount(2)
    await expect(cards.first()).toContainText('יוסי כהן')
    await expect(cards.last()).toContainText('אורית לוי')
    await expect(page.getByTestId('shown-count')).toHaveText(tMemories('counts.shown', { shown: 2, total: 2 }))
    const photos = cards.first().getByRole('img')
    await expect(photos).toHaveCount(2)
    await photos.first().scrollIntoViewIfNeeded()
    await expect.poll(() => photos.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
    await screenshot(page, 'view-book-family')
  })
})

test.describe('a memory is sent once', () => {
  test('reopening the share link after sending sends nothing again', async ({ page }) => {
    // The page's timers run when the test says, so an autosave still waiting after the send is
    // certain to have run before the link is opened again.
    await page.clock.install()
    const book = await createBook({ fullName: 'מרים שלו', plan: 'pro', isPublic: true })
    await page.goto(`/share/${book.shortCode}`)
    await page.getByRole('link', { name: tSharing('landing.cta') }).click()
    await fillMemory(page, {
      name: 'נעמה רז',
      relation: relation.friend,
      prompt: 'text1',
      text: 'היא לימדה אותי לאפות חלות.',
    })
    await saveButton(page).click()
    await expect(thanksHeading(page)).toBeVisible()
    await page.clock.runFor(5_000)

    await page.goto(`/share/${book.shortCode}`)
    await page.getByRole('link', { name: tSharing('landing.cta') }).click()
    await expect(page.getByLabel(tAddMemory('fields.fullName'))).toHaveValue('')
    await expect(thanksHeading(page)).toHaveCount(0)
    await page.reload()
    await expect(page.getByLabel(tAddMemory('fields.fullName'))).toHaveValue('')
    await page.clock.runFor(5_000)
    expect((await storedMemories(book)).map((memory) => memory.full_name)).toEqual(['נעמה רז'])
  })
})

test.describe('a visitor with the link reads the book', () => {
  test('from /share/{id} to a private book, with the family code, and never to a personal area', async ({ page }) => {
    const book = await createBook({ fullName: 'יעקב נחום', plan: 'pro', familyCode: '6142' })
    await addMemories(book, [{ fullName: 'שולה נחום', texts: ['אבא אהב את הים.', null, null] }])
    await page.goto(`/share/${book.shortCode}`)
    await expect(page.getByText(tSharing('landing.readPrivateNote'))).toBeVisible()
    await screenshot(page, 'share-read-and-write')
    await page.getByRole('link', { name: tSharing('landing.read') }).click()
    await expect(page).toHaveURL(new RegExp(`/view-book/${book.shortCode}$`))
    await codeField(page).fill('6142')
    await page.getByRole('button', { name: tMemories('gate.submit') }).click()
    await expect(page.getByTestId('memory-card')).toContainText('אבא אהב את הים.')
    await expect(page.getByText(tMemories('header.back'))).toHaveCount(0)
    await expect(page.locator('a[href="/dashboard"]')).toHaveCount(0)
    await screenshot(page, 'visitor-reads-private-book')
  })

  test('the thank-you screen and the add-memory page lead to reading too', async ({ page }) => {
    const book = await createBook({ fullName: 'לאה פרץ', plan: 'pro', isPublic: true })
    await page.goto(`/add-memory/${book.shortCode}`)
    await expect(page.getByRole('link', { name: tAddMemory('readBook') })).toHaveAttribute(
      'href',
      `/view-book/${book.shortCode}`,
    )
    await fillMemory(page, { name: 'רון', relation: relation.neighbour, prompt: 'text1', text: 'תמיד עם עוגה.' })
    await saveButton(page).click()
    await expect(thanksHeading(page)).toBeVisible()
    await screenshot(page, 'thanks-read-the-book')
    await page.getByRole('link', { name: tAddMemory('thanks.toBook') }).click()
    await expect(page.getByTestId('memory-card')).toContainText('תמיד עם עוגה.')
    await expect(page.locator('a[href="/dashboard"]')).toHaveCount(0)
  })
})

test.describe('reading a book', () => {
  let book: TestBook

  test.beforeAll(async () => {
    book = await createBook({ fullName: 'חיים ברגר', plan: 'full', isPublic: true, withPhoto: true })
    await addMemories(book, [
      {
        fullName: 'רבקה ברגר',
        relation: relation.familyMember,
        texts: ['אבא שר לנו בכל ליל שבת.', null, 'תודה על הכול.'],
        photos: 2,
        daysAgo: 9,
      },
      {
        fullName: 'שמעון טל',
        relation: relation.friend,
        texts: ['הכרנו באולפן בירושלים, ב־1970.', null, null],
        daysAgo: 8,
      },
      {
        fullName: 'דינה מור',
        relation: relation.neighbour,
        texts: [null, 'הוא תיקן לכל השכונה את האופניים.', null],
        photos: 1,
        daysAgo: 7,
      },
      { fullName: 'רבקה ברגר', relation: relation.familyMember, texts: [null, null, 'חסר לי הצחוק שלך.'], daysAgo: 6 },
      { fullName: 'אבי קליין', relation: relation.colleague, texts: ['עשרים שנה באותו משרד.', null, null], daysAgo: 5 },
    ])
    const videoUrl = await uploadToBucket(`videos/${book.id}/farewell.mp4`, mp4Header(), 'video/mp4')
    await sql(
      `update "public"."memory_entries" set "video_url" = $1 where "book_id" = $2 and "full_name" = 'אבי קליין'`,
      [videoUrl, book.id],
    )
    await addMemories(book, [{ fullName: 'מוסתר', texts: ['זיכרון שהוסתר', null, null], hidden: true, daysAgo: 1 }])
  })

  function cards(page: Page): Locator {
    return page.getByTestId('memory-card')
  }

  test('counts, search, relation filter and every view mode', async ({ page }) => {
    await page.goto(`/view-book/${book.shortCode}`)
    const counts = page.getByRole('region', { name: tMemories('counts.label') })
    await expect(counts).toContainText(tMemories('counts.shown', { shown: 5, total: 5 }))
    await expect(counts.getByRole('listitem')).toHaveText([
      `5${tMemories('counts.memories')}`,
      `3${tMemories('counts.photos')}`,
      `1${tMemories('counts.videos')}`,
      `4${tMemories('counts.participants')}`,
    ])
    await expect(cards(page)).toHaveCount(5)
    await expect(page.getByText('זיכרון שהוסתר')).toHaveCount(0)
    await expect(cards(page).first()).toContainText('אבי קליין')
    await screenshot(page, 'view-book')

    const search = page.getByRole('searchbox', { name: tMemories('toolbar.searchLabel') })
    await search.fill('אולפן')
    await expect(cards(page)).toHaveCount(1)
    await expect(cards(page)).toContainText('שמעון טל')
    await expect(page.getByTestId('shown-count')).toHaveText(tMemories('counts.shown', { shown: 1, total: 5 }))
    await search.fill('')

    const relationFilter = page.getByLabel(tMemories('toolbar.relationLabel'))
    await relationFilter.selectOption({ label: tMemories('relationFilter.familyMember') })
    await expect(cards(page)).toHaveCount(2)
    await relationFilter.selectOption({ label: tMemories('relationFilter.neighbour') })
    await expect(cards(page)).toHaveCount(1)
    await expect(cards(page)).toContainText('דינה מור')
    await relationFilter.selectOption({ label: tMemories('relationFilter.all') })

    await page.getByLabel(tMemories('toolbar.sortLabel')).selectOption({ label: tMemories('sort.oldest') })
    await expect(cards(page).first()).toContainText('רבקה ברגר')

    const mode = (name: string) =>
      page.getByRole('group', { name: tMemories('toolbar.viewLabel') }).getByRole('button', { name, exact: true })

    await mode(tMemories('viewModes.text')).click()
    await expect(cards(page)).toHaveCount(5)
    await expect(page.locator('main [data-testid="memory-card"] img')).toHaveCount(0)

    await mode(tMemories('viewModes.gallery')).click()
    await expect(page.getByTestId('gallery').getByRole('img')).toHaveCount(3)
    await screenshot(page, 'view-book-gallery')

    await mode(tMemories('viewModes.videos')).click()
    await expect(cards(page)).toHaveCount(1)
    await expect(cards(page).locator('video')).toHaveCount(1)

    await mode(tMemories('viewModes.cards')).click()
    await expect(cards(page)).toHaveCount(1)
    await expect(page.getByTestId('viewer-counter')).toHaveText(tMemories('viewer.counter', { n: 1, total: 5 }))
    await page.keyboard.press('ArrowLeft')
    await expect(page.getByTestId('viewer-counter')).toHaveText(tMemories('viewer.counter', { n: 2, total: 5 }))
    await page.keyboard.press('ArrowRight')
    await expect(page.getByTestId('viewer-counter')).toHaveText(tMemories('viewer.counter', { n: 1, total: 5 }))
    await screenshot(page, 'view-book-cards')
  })

  test('the full-screen viewer moves with the keys and closes with Escape', async ({ page }) => {
    await page.goto(`/view-book/${book.shortCode}`)
    await cards(page)
      .first()
      .getByRole('button', { name: `${tMemories('card.open')} ${tMemories('card.openFor', { name: 'אבי קליין' })}` })
      .click()
    const viewer = page.getByRole('dialog')
    await expect(viewer).toContainText('אבי קליין')
    await expect(viewer.getByTestId('viewer-counter')).toHaveText(tMemories('viewer.counter', { n: 1, total: 5 }))
    await screenshot(page, 'viewer')
    await page.keyboard.press('ArrowLeft')
    await expect(viewer.getByTestId('viewer-counter')).toHaveText(tMemories('viewer.counter', { n: 2, total: 5 }))
    await expect(viewer).toContainText('רבקה ברגר')
    await viewer.getByRole('button', { name: tMemories('viewer.next') }).click()
    await expect(viewer.getByTestId('viewer-counter')).toHaveText(tMemories('viewer.counter', { n: 3, total: 5 }))
    await page.keyboard.press('ArrowRight')
    await expect(viewer.getByTestId('viewer-counter')).toHaveText(tMemories('viewer.counter', { n: 2, total: 5 }))
    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
  })

  test('memoryId opens that memory, tinder=true opens the cards, and the page scrolls back to the top', async ({
    page,
  }) => {
    const [row] = await sql<{ id: string }>(
      `select "id" from "public"."memory_entries" where "book_id" = $1 and "full_name" = 'דינה מור'`,
      [book.id],
    )
    await page.goto(`/view-book/${book.shortCode}?memoryId=${row!.id}`)
    await expect(page.getByRole('dialog')).toContainText('הוא תיקן לכל השכונה את האופניים.')
    await page.keyboard.press('Escape')

    await page.evaluate(() => window.scrollTo(0, 1200))
    const toTop = page.getByRole('button', { name: tMemories('scrollToTop') })
    await expect(toTop).toBeVisible()
    await toTop.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(toTop).toBeHidden()

    await page.goto(`/view-book/${book.shortCode}?tinder=true`)
    await expect(page.getByRole('button', { name: tMemories('viewModes.cards'), exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(cards(page)).toHaveCount(1)
  })

  test('the slideshow advances every 8 seconds, pauses, and is for family only', async ({ page }) => {
    await page.clock.install()
    await page.goto(`/memories-slideshow/${book.shortCode}`)
    await expect(page.getByRole('heading', { name: tMemories('slideshow.deniedTitle') })).toBeVisible()

    await page.goto(`/memories-slideshow/${book.shortCode}?family=true`)
    const counter = page.getByTestId('slide-counter')
    await expect(counter).toHaveText(tMemories('slideshow.counter', { n: 1, total: 5 }))
    await expect(page.getByTestId('slide')).toContainText('רבקה ברגר')
    await screenshot(page, 'slideshow')
    await page.clock.runFor(8000)
    await expect(counter).toHaveText(tMemories('slideshow.counter', { n: 2, total: 5 }))
    await page.clock.runFor(8000)
    await expect(counter).toHaveText(tMemories('slideshow.counter', { n: 3, total: 5 }))

    await page.keyboard.press('Space')
    await expect(counter).toContainText(tMemories('slideshow.paused'))
    await page.clock.runFor(20_000)
    await expect(counter).toContainText(tMemories('slideshow.counter', { n: 3, total: 5 }))
    await page.keyboard.press('Space')
    await page.clock.runFor(8000)
    await expect(counter).toContainText(tMemories('slideshow.counter', { n: 4, total: 5 }))

    await page.keyboard.press('ArrowRight')
    await expect(counter).toContainText(tMemories('slideshow.counter', { n: 3, total: 5 }))
    await expect(counter).toContainText(tMemories('slideshow.paused'))
    await page.clock.runFor(20_000)
    await expect(counter).toContainText(tMemories('slideshow.counter', { n: 3, total: 5 }))

    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/\/$/)
  })

  test('the memory-book viewer leafs through pages, enlarges only when asked, and shows the no-photos page', async ({
    page,
  }) => {
    await page.goto(`/memory-book/${book.shortCode}`)
    const bookPage = page.getByTestId('book-page')
    await expect(page.getByTestId('book-page-counter')).toHaveText(tMemories('memoryBook.page', { n: 1, total: 5 }))
    await expect(bookPage).toContainText('רבקה ברגר')
    await bookPage.getByRole('img').first().click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await page.getByRole('button', { name: tMemories('memoryBook.enlargeToggle') }).click()
    await bookPage
      .getByRole('button', { name: tMemories('memoryBook.enlarge') })
      .first()
      .click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await page.keyboard.press('ArrowLeft')
    await expect(page.getByTestId('book-page-counter')).toHaveText(tMemories('memoryBook.page', { n: 2, total: 5 }))
    await expect(bookPage).toContainText(tMemories('memoryBook.noImages'))
    await screenshot(page, 'memory-book')
    // A visitor goes back to the book, never to a personal area they do not have.
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(new RegExp(`/view-book/${book.shortCode}$`))
  })
})

test.describe('the draft on this device', () => {
  test('survives a reload with the network cut, and is saved when the connection returns', async ({
    page,
    context,
  }) => {
    const book = await createBook({ fullName: 'נחום שפירא', plan: 'pro' })
    await page.goto(`/add-memory/${book.shortCode}`)
    await fillMemory(page, {
      name: 'תמר שפירא',
      relation: relation.family,
      prompt: 'text3',
      text: 'לא הספקתי להגיד תודה על כל השבתות.',
      photos: [pngFile('shabbat.png', 800, 600, [170, 130, 90], [240, 230, 210])],
    })
    await expect(page.getByTestId('chosen-image')).toHaveCount(1)

    await context.setOffline(true)
    await saveButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: tAddMemory('errors.offlineTitle') })).toBeVisible({
      timeout: 30_000,
    })
    await screenshot(page, 'add-memory-offline')
    await page.reload().catch(() => undefined)
    await context.setOffline(false)

    await page.goto(`/add-memory/${book.shortCode}`)
    await expect(thanksHeading(page)).toBeVisible({ timeout: 30_000 })
    const [memory] = await storedMemories(book)
    expect(memory).toMatchObject({ full_name: 'תמר שפירא', relation_to_deceased: relation.family })
    expect(memory!.image_urls).toHaveLength(1)

    await page.goto(`/add-memory/${book.shortCode}`)
    await expect(page.getByLabel(tAddMemory('fields.fullName'))).toHaveValue('')
    await expect(page.getByText(tAddMemory('draft.restored'))).toHaveCount(0)
  })

  test('keeps what was typed across a reload, and sends it when the browser is back online', async ({
    page,
    context,
  }) => {
    const book = await createBook({ fullName: 'לאה רוזן', plan: 'pro' })
    await page.goto(`/add-memory/${book.shortCode}`)
    await fillMemory(page, {
      name: 'גיל רוזן',
      relation: relation.other,
      prompt: 'text1',
      text: 'סבתא לימדה אותי לשחק שש־בש.',
    })
    await waitForSavedDraft(page, (draft) => draft.fields.fullName === 'גיל רוזן' && draft.fields.text1 !== '')
    await page.reload()
    await expect(page.getByText(tAddMemory('draft.restored'))).toBeVisible()
    await expect(page.getByLabel(tAddMemory('fields.fullName'))).toHaveValue('גיל רוזן')
    await expect(page.getByLabel(tMemories('prompts.text1'))).toHaveValue('סבתא לימדה אותי לשחק שש־בש.')
    await expect(page.getByRole('radio', { name: relation.other, exact: true })).toBeChecked()

    await context.setOffline(true)
    await saveButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: tAddMemory('errors.offlineTitle') })).toBeVisible({
      timeout: 30_000,
    })
    expect(await storedMemories(book)).toHaveLength(0)
    await context.setOffline(false)
    await expect(thanksHeading(page)).toBeVisible({ timeout: 30_000 })
    expect((await storedMemories(book)).map((memory) => memory.full_name)).toEqual(['גיל רוזן'])
  })
})

test.describe('plans and family rights', () => {
  test('a basic-plan book offers no image upload; a pro book does', async ({ page }) => {
    const basic = await createBook({ plan: 'basic' })
    await page.goto(`/add-memory/${basic.shortCode}`)
    await expect(page.getByLabel(tAddMemory('fields.fullName'))).toBeVisible()
    await expect(page.getByRole('button', { name: tAddMemory('images.add') })).toHaveCount(0)
    await expect(page.getByTestId('image-input')).toHaveCount(0)
    await expect(page.getByRole('button', { name: tAddMemory('video.add') })).toHaveCount(0)

    const pro = await createBook({ plan: 'pro' })
    await page.goto(`/add-memory/${pro.shortCode}`)
    await expect(page.getByRole('button', { name: tAddMemory('images.add') })).toBeVisible()
    await expect(page.getByRole('button', { name: tAddMemory('video.add') })).toHaveCount(0)
  })

  test('a family-code entrant writes as בן משפחה with room for 10 photos', async ({ page }) => {
    const book = await createBook({ plan: 'pro', familyCode: '7314' })
    await page.goto(`/share/${book.shortCode}?family=true`)
    await page.getByRole('link', { name: tSharing('landing.cta') }).click()
    await expect(page).toHaveURL(new RegExp(`/add-memory/${book.shortCode}\\?family=true$`))
    await codeField(page).fill('7314')
    await page.getByRole('button', { name: tMemories('gate.submit') }).click()
    await expect(page.getByText(tAddMemory('fields.relationAuto'))).toBeVisible()
    await expect(page.getByText(tAddMemory('images.hint', { max: 10 }))).toBeVisible()
    await page.getByLabel(tAddMemory('fields.fullName')).fill('דוד')
    await page.getByLabel(tMemories('prompts.text1')).fill('אבא שלי.')
    await saveButton(page).click()
    await expect(thanksHeading(page)).toBeVisible()
    const [memory] = await storedMemories(book)
    expect(memory).toMatchObject({ full_name: 'דוד', relation_to_deceased: relation.familyMember, source: 'family' })
  })

  test('after 10 wrong codes the server refuses this visitor, and says so inline and as a toast', async ({ page }) => {
    const book = await createBook({ plan: 'pro', familyCode: '3141' })
    await page.goto(`/view-book/${book.shortCode}`)
    const submit = page.getByRole('button', { name: tMemories('gate.submit') })
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await codeField(page).fill(String(5000 + attempt))
      await submit.click()
      await expect(page.getByRole('alert').filter({ hasText: tMemories('gate.wrongTitle') })).toBeVisible()
    }
    await codeField(page).fill('3141')
    await submit.click()
    await expect(page.getByRole('alert').filter({ hasText: LOCKED_MESSAGE })).toBeVisible()
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: LOCKED_MESSAGE })).toBeVisible()
    await screenshot(page, 'gate-locked')
  })

  test('the owner hides and deletes memories; visitors no longer see them', async ({ page, browser }) => {
    const owner = await createUser({ label: 'memories-owner' })
    const book = await createBook({
      fullName: 'ברוך אלון',
      plan: 'pro',
      familyCode: '5599',
      ownerEmail: owner.email.toLowerCase(),
    })
    await addMemories(book, [
      { fullName: 'נעמה', texts: ['זיכרון שיוסתר', null, null], daysAgo: 3 },
      { fullName: 'עומר', texts: ['זיכרון שיימחק', null, null], daysAgo: 2 },
      { fullName: 'ליה', texts: ['זיכרון שנשאר', null, null], daysAgo: 1 },
    ])
    await signInThroughUi(page, owner)
    await page.goto(`/view-book/${book.shortCode}`)
    await expect(page.getByText(tMemories('gate.ownerWelcome'))).toBeVisible()
    const card = (name: string) => page.getByTestId('memory-card').filter({ hasText: name })
    await card('נעמה')
      .getByRole('button', { name: tMemories('moderation.hide') })
      .click()
    await expect(card('נעמה')).toContainText(tMemories('card.hiddenBadge'))
    await card('עומר')
      .getByRole('button', { name: tMemories('moderation.delete') })
      .click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: tMemories('moderation.confirm') })
      .click()
    await expect(card('עומר')).toHaveCount(0)
    await screenshot(page, 'view-book-owner')

    const visitor = await browser.newPage()
    await visitor.goto(`/view-book/${book.shortCode}?code=5599`)
    await expect(visitor.getByTestId('memory-card')).toHaveCount(1)
    await expect(visitor.getByTestId('memory-card')).toContainText('ליה')
    await visitor.close()
  })
})

test.describe('sharing', () => {
  test('the QR code downloads as qr-{name}.png and reads as the add-memory link', async ({ page, baseURL }) => {
    const book = await createBook({ fullName: 'מרים אדלר' })
    await page.goto(`/qr-display?book=${book.shortCode}`)
    const addMemoryLink = `${baseURL}/add-memory/${book.shortCode}`
    await expect(page.getByTestId('qr-image')).toBeVisible()
    await expect(page.getByLabel(tSharing('qr.directLink'))).toHaveValue(addMemoryLink)
    await expect(page.getByRole('link', { name: tSharing('qr.whatsapp') })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(addMemoryLink)}`),
    )
    await expect(page.getByRole('link', { name: tSharing('qr.email') })).toHaveAttribute('href', /^mailto:\?subject=/)
    await expect(page.getByRole('link', { name: tSharing('qr.back') })).toHaveAttribute('href', '/dashboard')
    await screenshot(page, 'qr')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: tSharing('qr.download') }).click(),
    ])
    expect(download.suggestedFilename()).toBe('qr-מרים-אדלר.png')
    const png = readFileSync(await download.path())
    expect([...png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(300)

    // Evaluated rather than added as a <script>: the production build's Content-Security-Policy refuses inline scripts.
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js'), 'utf8'))
    const decoded = await page.evaluate(
      async (dataUrl) => {
        const image = new Image()
        image.src = dataUrl
        await image.decode()
        const canvas = document.createElement('canvas')
        canvas.width = image.width
        canvas.height = image.height
        const context = canvas.getContext('2d')!
        context.drawImage(image, 0, 0)
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height)
        const reader = (
          window as unknown as {
            jsQR: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null
          }
        ).jsQR
        return reader(pixels.data, pixels.width, pixels.height)?.data ?? null
      },
      `data:image/png;base64,${png.toString('base64')}`,
    )
    expect(decoded).toBe(addMemoryLink)
  })

  test('the preview function gives crawlers the share page’s title and social tags', async ({ request }) => {
    const book = await createBook({ fullName: 'עזרא נחמיאס', withPhoto: true, isPublic: true })
    const response = await request.get(`${process.env.SUPABASE_URL}/functions/v1/share-preview/${book.shortCode}`, {
      headers: { 'user-agent': 'WhatsApp/2.24' },
    })
    expect(response.status()).toBe(200)
    const html = await response.text()
    const title = 'עזרא נחמיאס ז״ל – ספר זיכרון | זוכרים'
    expect(html).toContain(`<meta property="og:title" content="${title}">`)
    expect(html).toContain(`<meta name="twitter:title" content="${title}">`)
    // A public book's portrait, at the open address the media function serves it at.
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\/functions\/v1\/media\/profiles\/[^"]+">/)
    expect(html).toContain(
      `<meta property="og:url" content="${process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5174'}/share/${book.shortCode}">`,
    )
    expect(html).toContain('<meta http-equiv="refresh"')
  })
})
