/**
 * The built page's inline head script (scripts/vite-paint-first-plugin.ts bundles it): it runs
 * while the HTML is still arriving, before any of the app's code has downloaded.
 * - The app's modules start downloading now, except on the prerendered landing: its text paints
 *   from the HTML first, and the start script at the end of the body fetches them afterwards.
 * - A book page's own modules download beside them, instead of after the entry has run.
 * - A book page's card is asked for now, and its pictures as soon as the card names them.
 */
import { bookPageOf, startBookCardRequest } from '@/lib/early-book-card'
import { prerenderedPath } from '@/lib/prerendered-path'

/** Per kind of book page, the module files its screen needs (written in by the build). */
declare const __BOOK_PAGE_MODULES__: Record<string, readonly string[] | undefined>

function preloadModule(href: string): void {
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.crossOrigin = ''
  link.href = href
  document.head.append(link)
}

const { pathname } = window.location
if (pathname !== prerenderedPath) {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-app-preload]:not([rel])')) {
    link.rel = 'modulepreload'
  }
}
for (const href of __BOOK_PAGE_MODULES__[bookPageOf(pathname) ?? ''] ?? []) preloadModule(href)
startBookCardRequest(pathname)
