import type { Database } from '@contracts/database.ts'
import { lifeYears } from './book-dates'
import { withHonorific } from '@shared/honorific.ts'
import { shownImageUrl } from '../../../lib/image-variants'
import { picturesShown, SHOWN_PICTURE_TIMING } from '../../../lib/paint-shown'
import { BOOK_SHELL_ID, BOOK_SHELL_PAGES, type BookShellPage } from './prerendered-path'

type BookCardRow = Database['public']['Functions']['get_book_card']['Returns'][number]

/**
 * The first screen of a book page, painted from the page's HTML before the app's code has loaded.
 *
 * The build renders each such page with a stand-in card whose texts are markers (`shellCard`) and
 * writes the HTML into index.html as a template. When the real card arrives, the page's head script
 * keeps the template up to the page's first block (the element marked `data-first-screen`), puts the
 * card's texts and pictures where the markers are, and shows it. The app then renders the same
 * screen from the same card and replaces it.
 */

/** The book reference the build renders the pages with. */
export const SHELL_BOOK_REF = 'SHELLBOOK'

const NAME = '\uE000'
const QUOTE = '\uE001'
const BIRTH_YEAR = '1001'
const DEATH_YEAR = '2002'
const PICTURES = 'https://shell.invalid/functions/v1/media/'
const PORTRAIT = `${PICTURES}portrait.jpg`
const BANNER = `${PICTURES}banner.jpg`

/** The stand-in card: every text a marker, every picture an address that has small copies. */
export const shellCard: BookCardRow = {
  id: '00000000-0000-4000-8000-000000000000',
  short_code: SHELL_BOOK_REF,
  full_name: NAME,
  birth_date: `${BIRTH_YEAR}-01-01`,
  death_date: `${DEATH_YEAR}-01-01`,
  died_after_sunset: false,
  memory_quote: QUOTE,
  profile_image_url: PORTRAIT,
  deceased_gender: '',
  background_image_url: BANNER,
  creator_name: NAME,
  is_public: true,
  plan_type: 'basic',
  is_paid: true,
}

/** With these, add-memory first asks who is writing: the family code gate may come before the form. */
const WRITES_AS_FAMILY = ['family', 'authorized']

/** May this page be painted from its template? Not where the app may first show a gate instead. */
export function paintsBookShell(page: string | null, search: string): page is BookShellPage {
  if (!(BOOK_SHELL_PAGES as readonly string[]).includes(page ?? '')) return false
  const params = new URLSearchParams(search)
  return page !== 'add-memory' || !WRITES_AS_FAMILY.some((name) => params.has(name))
}

/** A private book is read with its family code: without one in the link, the gate comes first. */
function opensOnCard(page: BookShellPage, search: string, card: BookCardRow): boolean {
  return page !== 'view-book' || card.is_public || new URLSearchParams(search).has('code')
}

/** Everything after the page's first block goes: the rest of the page needs the app. */
function keepFirstScreen(shell: DocumentFragment): boolean {
  let kept: Element | null = shell.querySelector('[data-first-screen]')
  if (!kept) return false
  while (kept) {
    while (kept.nextSibling) kept.nextSibling.remove()
    kept = kept.parentElement
  }
  for (const preload of shell.querySelectorAll('link')) preload.remove()
  return true
}

function replaceAll(text: string, replacements: [string, string][]): string {
  return replacements.reduce((result, [marker, value]) => result.split(marker).join(value), text)
}

/** Puts the card where the markers are; a block whose value the card lacks leaves the screen. */
function fillCard(shell: DocumentFragment, card: BookCardRow): void {
  const texts: [string, string][] = [
    [withHonorific(NAME), withHonorific(card.full_name)],
    [NAME, card.full_name ?? ''],
    [QUOTE, card.memory_quote ?? ''],
  ]
  const walker = document.createTreeWalker(shell, NodeFilter.SHOW_TEXT)
  const emptied: Element[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? ''
    if (text.includes(QUOTE) && !card.memory_quote?.trim()) emptied.push(node.parentElement!)
    if (text.includes(BIRTH_YEAR) && text.includes(DEATH_YEAR)) {
      node.nodeValue = lifeYears(card.birth_date, card.death_date, (from, to) =>
        text.replace(BIRTH_YEAR, from).replace(DEATH_YEAR, to),
      )
      if (!node.nodeValue) emptied.push(node.parentElement!)
    } else {
      node.nodeValue = replaceAll(text, texts)
    }
  }
  for (const image of shell.querySelectorAll('img')) {
    const shown =
      image.getAttribute('src') === shownImageUrl(BANNER, 800)
        ? shownImageUrl(card.background_image_url, 800)
        : shownImageUrl(card.profile_image_url, 240)
    if (shown) image.setAttribute('src', shown)
    else image.remove()
  }
  // Links to the book's other pages, and names read aloud, name the real book.
  const inAttributes: [string, string][] = [...texts, [SHELL_BOOK_REF, card.short_code], [shellCard.id, card.id]]
  for (const element of shell.querySelectorAll('[href], [alt], [aria-label], [title]')) {
    for (const name of ['href', 'alt', 'aria-label', 'title']) {
      const value = element.getAttribute(name)
      if (value) element.setAttribute(name, replaceAll(value, inAttributes))
    }
  }
  // The Hebrew date comes with the app (its calendar code is large): its line keeps its place meanwhile.
  for (const hebrewDate of shell.querySelectorAll('[data-testid="hebrew-death-date"]')) {
    if (card.death_date) hebrewDate.textContent = '\u00A0'
    else emptied.push(hebrewDate)
  }
  for (const element of emptied) element.remove()
}

/**
 * The page's first screen for this card, from the page's template, or null when the page has no
 * template. Its pictures are the ones the app will show, so they are fetched once.
 */
export function bookShellFor(page: BookShellPage, card: BookCardRow): DocumentFragment | null {
  const template = document.querySelector<HTMLTemplateElement>(`template[data-book-shell="${page}"]`)
  if (!template) return null
  const shell = template.content.cloneNode(true) as DocumentFragment
  if (!keepFirstScreen(shell)) return null
  fillCard(shell, card)
  return holdsStandIn(shell) ? null : shell
}

const STAND_IN = [NAME, QUOTE, SHELL_BOOK_REF, shellCard.id, PICTURES]

/** A stand-in value left anywhere (a text or a place this code does not fill): the screen is not shown. */
function holdsStandIn(shell: DocumentFragment): boolean {
  const holder = document.createElement('div')
  holder.append(shell.cloneNode(true))
  return STAND_IN.some((marker) => holder.innerHTML.includes(marker))
}

/** The longest the app's code waits for the first screen's pictures. */
const PICTURES_WAIT_MS = 2500

/**
 * The longest the app's code waits for the card itself: on a connection this slow the app starts
 * and shows its own loading screen (with the page's main and heading) instead of a blank page.
 */
const CARD_WAIT_MS = 6000

function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve()
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }))
}

function picturesLoaded(root: Element): Promise<void> {
  const loads = [...root.querySelectorAll('img')].map(
    (image) =>
      new Promise<void>((resolve) => {
        if (image.complete) resolve()
        image.addEventListener('load', () => resolve(), { once: true })
        image.addEventListener('error', () => resolve(), { once: true })
      }),
  )
  return Promise.race([
    Promise.all(loads).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, PICTURES_WAIT_MS)),
  ])
}

/**
 * Paints the page's first screen from its template as soon as the card arrives, and settles once it
 * is on screen with its pictures (or the card could not be painted): the app's code is fetched only
 * then, so the card and its pictures do not share a slow connection with it. The app renders out of
 * sight and takes the screen's place once it shows more than a loading screen (src/main.tsx).
 */
export async function paintBookShell(
  page: BookShellPage,
  card: Promise<BookCardRow | null>,
  { signedOut }: { signedOut: boolean },
): Promise<void> {
  const arrived = await Promise.race([
    card.catch(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), CARD_WAIT_MS)),
  ])
  if (!arrived || !opensOnCard(page, window.location.search, arrived)) return
  await documentParsed()
  const root = document.getElementById('root')
  const shell = bookShellFor(page, arrived)
  if (!root || !shell) return
  // The template was rendered for a signed-out visitor; one who may be signed in sees no login links.
  if (!signedOut) {
    for (const element of shell.querySelectorAll<HTMLElement>('[data-signed-out-only]')) {
      element.style.visibility = 'hidden'
    }
  }
  const painted = document.createElement('div')
  painted.id = BOOK_SHELL_ID
  painted.append(shell)
  const pictures = [...painted.querySelectorAll('img')]
  for (const picture of pictures) picture.setAttribute('elementtiming', SHOWN_PICTURE_TIMING)
  root.replaceChildren()
  root.before(painted)
  document.documentElement.dataset.prerender = 'book-shell'
  await picturesLoaded(painted)
  await picturesShown(pictures)
}
