import { prerenderedPath } from '../src/domains/book/lib/prerendered-path.ts'

/**
 * index.html answers every path (SPA fallback), so it carries the landing's markup everywhere. On
 * any other path this script, run before the body is parsed, marks the document so the markup is
 * neither shown nor laid out until src/main.tsx (or a book page's head script) replaces it.
 */
export const skipPrerenderScript = `if(location.pathname!==${JSON.stringify(prerenderedPath)})document.documentElement.dataset.prerender="skip"`
export const skipPrerenderStyle =
  'html[data-prerender=skip] #root{display:none}' +
  // A book page's first screen, painted by the head script, is shown while the app renders out of sight.
  'html[data-prerender=book-shell] #root{position:absolute;inset-inline:0;top:0;visibility:hidden}'

/**
 * Starts the app's code at the end of the body, once the head script allows it
 * (`__zochrimPaintFirst`, src/early-start.ts): on the prerendered landing when its first paint is
 * on screen, so the text paints before any JavaScript is downloaded or evaluated; on a book page
 * once its first screen is on screen with its pictures; elsewhere at once.
 * A button tapped on the landing before hydration starts the app at once and is kept, to be tapped
 * again once the page is hydrated (src/lib/early-tap.ts). In a browser too old for the app
 * (`__zochrimOutdated`, scripts/vite-outdated-browser-plugin.ts) it never starts.
 */
export const startAppScript =
  '(function(){var started=false;function start(){if(started||window.__zochrimOutdated)return;started=true;' +
  "document.querySelectorAll('link[data-app-preload]:not([rel])').forEach(function(link){link.rel='modulepreload'});" +
  "var script=document.createElement('script');script.type='module';script.crossOrigin='';" +
  "script.src=document.querySelector('link[data-app-entry]').href;document.head.append(script)}" +
  'Promise.resolve(window.__zochrimPaintFirst).then(start,start);' +
  `if(location.pathname!==${JSON.stringify(prerenderedPath)})return;` +
  "document.addEventListener('click',function(event){if(window.__zochrimHydrating)return;" +
  "var button=event.target instanceof Element&&event.target.closest('button');" +
  'if(button){window.__zochrimEarlyTap=button;start()}},true)})()'
