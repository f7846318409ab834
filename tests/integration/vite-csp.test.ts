/** The SPA's Content-Security-Policy, as the build writes it into index.html. */
import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { skipPrerenderScript, startAppScript } from '../../scripts/prerender-shell.ts'
import { contentSecurityPolicy, cspMetaPlugin } from '../../scripts/vite-csp-plugin.ts'

function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((part) => part.startsWith(`${name} `))
  return found ? found.split(' ').slice(1) : []
}

describe('the SPA content security policy', () => {
  it('allows the configured Supabase project for API, realtime, photos and videos, and nothing evaluated', () => {
    const policy = contentSecurityPolicy('https://abcd.supabase.co')
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://abcd.supabase.co', 'wss://abcd.supabase.co'])
    expect(directive(policy, 'img-src')).toContain('https://abcd.supabase.co')
    expect(directive(policy, 'media-src')).toContain('https://abcd.supabase.co')
    // Besides the app's own files, only the two inline scripts of the built index.html, by their hashes.
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`
    expect(directive(policy, 'script-src')).toEqual(["'self'", hash(skipPrerenderScript), hash(startAppScript)])
    expect(directive(policy, 'object-src')).toEqual(["'none'"])
    expect(policy).not.toContain('unsafe-eval')
    expect(directive(contentSecurityPolicy('http://127.0.0.1:54321'), 'connect-src')).toContain('ws://127.0.0.1:54321')
  })

  it('is injected by the build only, so the dev server keeps hot reload', () => {
    expect(cspMetaPlugin().apply).toBe('build')
  })
})
