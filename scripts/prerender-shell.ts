import { createHash } from 'node:crypto'

/** The one path whose HTML is prerendered into index.html at build time (the landing page). */
export const prerenderedPath = '/'

/**
 * index.html answers every path (SPA fallback), so it carries the landing's markup everywhere. On
 * any other path this script, run before the body is parsed, marks the document so the markup stays
 * invisible until src/main.tsx replaces it with the right screen.
 */
export const skipPrerenderScript = `if(location.pathname!==${JSON.stringify(prerenderedPath)})document.documentElement.dataset.prerender="skip"`
export const skipPrerenderStyle = 'html[data-prerender=skip] #root{visibility:hidden}'

/** The script's hash for the Content-Security-Policy's script-src (inline scripts are otherwise refused). */
export const skipPrerenderScriptHash = `'sha256-${createHash('sha256').update(skipPrerenderScript).digest('base64')}'`

/**
 * Starts the app's code once the browser has painted the HTML (the next frame, then a task), so the
 * prerendered landing and the loading screen paint before any JavaScript is evaluated; a hidden tab,
 * which paints no frames, starts it at once. The entry itself is fetched early through the
 * modulepreload link that names it.
 */
export const startAppScript =
  "(function(){var entry=document.querySelector('link[data-app-entry]');" +
  "function start(){var script=document.createElement('script');script.type='module';script.crossOrigin='';" +
  'script.src=entry.href;document.head.append(script)}' +
  "document.visibilityState==='hidden'?start():requestAnimationFrame(function(){setTimeout(start)})})()"

export const startAppScriptHash = `'sha256-${createHash('sha256').update(startAppScript).digest('base64')}'`
