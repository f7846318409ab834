/**
 * A browser older than the build's targets (Safari 16.4, Chrome 111, Firefox 128) would drop the
 * app's styles whole (they sit in cascade layers and use color-mix() and @property) and may not run
 * its code: a page of broken pieces. The first script of index.html, a classic one every browser
 * runs, asks for those three features. Where one is missing the app never starts (the start script
 * reads `window.__zochrimOutdated`) and, once the page is parsed, its styles are removed and its body
 * becomes a plain Hebrew notice naming the supported browsers, in inline styles any browser reads.
 */
import type { Plugin } from 'vite'
import { outdatedBrowserStrings as strings } from '../src/i18n/outdated-browser.ts'

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

function noticeHtml(): string {
  const items = strings.browsers.map((browser) => `<li>${escapeHtml(browser)}</li>`).join('')
  return (
    '<main style="max-width:32rem;margin:2rem auto;padding:0 1rem;font:18px/1.6 Arial,Helvetica,sans-serif;color:#222">' +
    `<h1 style="font-size:1.5rem;line-height:1.3;color:#4B2E83">${escapeHtml(strings.title)}</h1>` +
    `<p>${escapeHtml(strings.text)}</p><ul>${items}</ul><p>${escapeHtml(strings.iphone)}</p></main>`
  )
}

/** The classic script, in syntax the oldest browsers parse (no arrow functions, no let, no forEach on lists). */
export function outdatedBrowserScript(): string {
  const notice = JSON.stringify(noticeHtml()).replaceAll('<', '\\u003c')
  return (
    '(function(){var w=window,c=w.CSS;' +
    "if(c&&c.supports&&c.supports('color','color-mix(in srgb,red,red)')&&w.CSSLayerBlockRule&&w.CSSPropertyRule)return;" +
    'w.__zochrimOutdated=true;' +
    "document.addEventListener('DOMContentLoaded',function(){" +
    "var styles=document.querySelectorAll('style,link[rel=stylesheet]');" +
    'for(var i=0;i<styles.length;i++)styles[i].parentNode.removeChild(styles[i]);' +
    `document.body.innerHTML=${notice}})})()`
  )
}

/** Puts the script first in the head, right after the character set: before any style or script of the app. */
export function withOutdatedBrowserNotice(html: string): string {
  const charset = /<meta charset="UTF-8" \/>/
  if (!charset.test(html)) throw new Error('index.html lacks <meta charset="UTF-8" />')
  return html.replace(charset, (tag) => `${tag}\n    <script>${outdatedBrowserScript()}</script>`)
}

export function outdatedBrowserPlugin(): Plugin {
  return {
    name: 'zochrim-outdated-browser',
    transformIndexHtml: { order: 'pre', handler: withOutdatedBrowserNotice },
  }
}
