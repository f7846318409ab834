/**
 * Puts the app's Content-Security-Policy into the built index.html as a <meta http-equiv> tag, so
 * every host serving dist/ enforces it. The Supabase project (VITE_SUPABASE_URL) is the only other
 * origin the app talks to: API calls and realtime (connect-src), photos and videos from storage
 * (img-src, media-src). The page's own inline scripts run by their hashes, taken from the finished
 * page, so any other inline script is refused. Build only: the dev server's HMR runs inline and
 * evaluated code. A meta policy cannot set frame-ancestors; hosts add that header themselves (see
 * the deployment guide).
 */
import { createHash } from 'node:crypto'
import type { Plugin } from 'vite'
import { localSupabaseUrl } from '../src/config/local-stack.ts'
import { rewriteIndexHtml } from './built-index-html.ts'

const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`

export function contentSecurityPolicy(supabaseUrl: string, inlineScripts: readonly string[] = []): string {
  const api = new URL(supabaseUrl)
  const realtime = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' lets WebAssembly compile (the PDF album's layout engine), never JavaScript eval.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...inlineScripts.map(scriptHash)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', api.origin],
    'media-src': ["'self'", 'blob:', api.origin],
    'font-src': ["'self'", 'data:'],
    // data: is read by the PDF album's layout engine (its WebAssembly comes inlined); it reaches no server.
    'connect-src': ["'self'", 'data:', api.origin, realtime],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/** The text of every inline script (a script element without src) in the page. */
export function inlineScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')

/** Listed after every plugin that writes into index.html: the policy hashes the finished page. */
export function cspMetaPlugin(): Plugin {
  let supabaseUrl = localSupabaseUrl
  return {
    name: 'zochrim-csp-meta',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      supabaseUrl = (config.env.VITE_SUPABASE_URL as string | undefined) || localSupabaseUrl
    },
    generateBundle(_options, bundle) {
      rewriteIndexHtml(bundle, (html) => {
        if (!/<head>/.test(html)) throw new Error('index.html lacks <head>')
        const policy = contentSecurityPolicy(supabaseUrl, inlineScriptsOf(html))
        return html.replace(
          '<head>',
          `<head><meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">`,
        )
      })
    },
  }
}
