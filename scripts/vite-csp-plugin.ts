/**
 * Puts the app's Content-Security-Policy into the built index.html as a <meta http-equiv> tag, so
 * every host serving dist/ enforces it. The Supabase project (VITE_SUPABASE_URL) is the only other
 * origin the app talks to: API calls and realtime (connect-src), photos and videos from storage
 * (img-src, media-src). Build only: the dev server's HMR runs inline and evaluated code.
 * A meta policy cannot set frame-ancestors; hosts add that header themselves (see the deployment guide).
 */
import type { Plugin } from 'vite'
import { localSupabaseUrl } from '../src/config/local-stack.ts'
import { skipPrerenderScriptHash, startAppScriptHash } from './prerender-shell.ts'

export function contentSecurityPolicy(supabaseUrl: string): string {
  const api = new URL(supabaseUrl)
  const realtime = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", skipPrerenderScriptHash, startAppScriptHash],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', api.origin],
    'media-src': ["'self'", 'blob:', api.origin],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", api.origin, realtime],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

export function cspMetaPlugin(): Plugin {
  let policy = ''
  return {
    name: 'zochrim-csp-meta',
    apply: 'build',
    configResolved(config) {
      const configured = config.env.VITE_SUPABASE_URL as string | undefined
      policy = contentSecurityPolicy(configured || localSupabaseUrl)
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' },
      ],
    },
  }
}
