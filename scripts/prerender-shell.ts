import { prerenderedPath } from '../src/lib/prerendered-path.ts'

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
 * Starts the app's code at the end of the body. On the prerendered landing it waits until the
 * HTML's first paint is on screen (the first-contentful-paint entry, which the browser records once
 * that frame is presented; where paint entries are not reported, the next frame) and only then
 * fetches the modules, so the text paints before any JavaScript is downloaded or evaluated; a
 * hidden tab, which paints no frames, starts at once. Elsewhere the head script has already fetched
 * them (src/early-start.ts), or fetches them once it has painted a book page's first screen
 * (`__zochrimPaintFirst`). A button tapped on the landing before hydration starts the app at once and is kept, to be tapped
 * again once the page is hydrated (src/lib/early-tap.ts).
 */
export const startAppScript =
  '(function(){var started=false;function start(){if(started)return;started=true;' +
  "document.querySelectorAll('link[data-app-preload]:not([rel])').forEach(function(link){link.rel='modulepreload'});" +
  "var script=document.createElement('script');script.type='module';script.crossOrigin='';" +
  "script.src=document.querySelector('link[data-app-entry]').href;document.head.append(script)}" +
  `if(location.pathname!==${JSON.stringify(prerenderedPath)}){Promise.resolve(window.__zochrimPaintFirst).then(start,start);return}` +
  "if(document.visibilityState==='hidden'){start();return}" +
  "document.addEventListener('click',function(event){if(window.__zochrimHydrating)return;" +
  "var button=event.target instanceof Element&&event.target.closest('button');" +
  'if(button){window.__zochrimEarlyTap=button;start()}},true);' +
  'function afterFrame(){requestAnimationFrame(function(){setTimeout(start)})}' +
  'var paintTypes=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];' +
  "if(paintTypes.indexOf('paint')<0){afterFrame();return}" +
  'new PerformanceObserver(function(list,observer){' +
  "if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(start)}" +
  "}).observe({type:'paint',buffered:true});" +
  // A page that never paints content (an error in its markup) still starts.
  'setTimeout(start,3000)})()'
