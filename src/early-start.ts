/**
 * The built page's inline head script (scripts/vite-paint-first-plugin.ts bundles it): it runs
 * while the HTML is still arriving, before any of the app's code has downloaded.
 * - A book page's card is asked for now, and its pictures as soon as the card names them.
 * - The app's modules start downloading now, except on the prerendered landing: its text paints
 *   from the HTML first, and the start script at the end of the body fetches them afterwards.
 */
import { startBookCardRequest } from '@/lib/early-book-card'
import { prerenderedPath } from '@/lib/prerendered-path'

if (window.location.pathname !== prerenderedPath) {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-app-preload]:not([rel])')) {
    link.rel = 'modulepreload'
  }
}
startBookCardRequest(window.location.pathname)
