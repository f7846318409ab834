/**
 * The built page's inline head script (scripts/vite-paint-first-plugin.ts bundles it): it runs
 * while the HTML is still arriving, before any of the app's code has downloaded.
 * - A book page's card is asked for now, and its pictures as soon as the card names them; on the
 *   reading page of a public book, a signed-out reader's memories as soon as the card says so; of a
 *   private book, the exchange of the link's family code for a grant, then the reader's card,
 *   whose pictures the painted first screen then shows.
 * - The share, add-memory and reading pages paint their first screen from the card before the
 *   app's code is fetched (src/domains/book/lib/book-shell.ts); the start script waits for that.
 * - Elsewhere the app's modules start downloading now, except on the prerendered landing: its text
 *   paints from the HTML first, and the start script at the end of the body fetches them once that
 *   paint is on screen.
 * - A book page's own modules download beside the app's, instead of after the entry has run.
 */
import { startEarlyPublicMemories } from './domains/memories/api/public-memories'
import { startEarlyFamilyAccess } from './domains/book/family-code/early-family-access'
import { isCertainlySignedOut } from './lib/auth-session/auth-session-store'
import { paintBookShell, paintsBookShell } from './domains/book/lib/book-shell'
import { bookPageOf, startBookCardRequest } from './domains/book/lib/early-book-card'
import { firstContentShown } from './lib/paint-shown'
import { prerenderedPath } from './domains/book/lib/prerendered-path'

/** Per kind of book page, the module files its screen needs (written in by the build). */
declare const __BOOK_PAGE_MODULES__: Record<string, readonly string[] | undefined>

declare global {
  interface Window {
    /** Settles when the app's code may be fetched: the start script waits for it. */
    __zochrimPaintFirst?: Promise<void>
  }
}

function preloadModule(href: string): void {
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.crossOrigin = ''
  link.href = href
  document.head.append(link)
}

interface PrioritizedScheduler {
  postTask(task: () => void, options: { priority: 'user-blocking' }): Promise<unknown>
}

/**
 * The next preload runs ahead of the page's queued work where the browser can order tasks
 * (scheduler.postTask): behind a timer, on a slow phone, the evaluation of the modules already
 * arrived kept the last preloads waiting half a second, and the first screen's code with them.
 */
function soon(task: () => void): void {
  const scheduler = (window as { scheduler?: PrioritizedScheduler }).scheduler
  if (scheduler) void scheduler.postTask(task, { priority: 'user-blocking' })
  else setTimeout(task)
}

/**
 * Starting a preload's fetch costs the main thread up to 40 ms of a 4x slower phone's time, and a
 * book page has about forty modules: each fetch starts in its own task, so that none of them keeps
 * a tap waiting (three in one task reached 110 ms).
 */
function oneTaskEach(starts: readonly (() => void)[]): void {
  const [first, ...rest] = starts
  first?.()
  if (rest.length > 0) soon(() => oneTaskEach(rest))
}

/** The app's entry first, then the page's modules, so they arrive together instead of one after another. */
function fetchAppModules(page: string | null): void {
  const appEntry = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-preload]:not([rel])')].map(
    (link) => () => {
      link.rel = 'modulepreload'
    },
  )
  const pageModules = (__BOOK_PAGE_MODULES__[page ?? ''] ?? []).map((href) => () => preloadModule(href))
  oneTaskEach([...appEntry, ...pageModules])
}

const { pathname, search } = window.location
const page = bookPageOf(pathname)
const publicCard = startBookCardRequest(pathname)
/** On a private book's reading page, a signed-out family reader's card, with its pictures, once granted. */
const card =
  publicCard && page === 'view-book'
    ? publicCard.then((arrived) => {
        if (!arrived || !isCertainlySignedOut()) return arrived
        if (!arrived.is_public) {
          return startEarlyFamilyAccess(arrived, search).then(
            (reader) => reader ?? arrived,
            () => arrived,
          )
        }
        startEarlyPublicMemories(arrived.id)
        return arrived
      })
    : publicCard
if (card && paintsBookShell(page, search)) {
  window.__zochrimPaintFirst = paintBookShell(page, card, { signedOut: isCertainlySignedOut() })
    .catch(() => undefined)
    .then(() => fetchAppModules(page))
} else if (pathname === prerenderedPath) {
  window.__zochrimPaintFirst = firstContentShown()
} else {
  fetchAppModules(page)
}
