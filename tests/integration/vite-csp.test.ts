/** The SPA's Content-Security-Policy, as the build writes it into index.html. */
import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { contentSecurityPolicy, cspMetaPlugin, inlineScriptsOf } from '../../scripts/vite-csp-plugin.ts'

function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((part) => part.startsWith(`${name} `))
  return found ? found.split(' ').slice(1) : []
}

describe('the SPA content security policy', () => {
  it('allows the configured Supabase project for API, realtime, photos and videos, and nothing evaluated', () => {
    const policy = contentSecurityPolicy('https://abcd.supabase.co', ['first()', 'second()'])
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'data:',
      'https://abcd.supabase.co',
      'wss://abcd.supabase.co',
    ])
    expect(directive(policy, 'img-src')).toContain('https://abcd.supabase.co')
    expect(directive(policy, 'media-src')).toContain('https://abcd.supabase.co')
    // Besides the app's own files, only the inline scripts of the built index.html, by their hashes,
    // and WebAssembly (the PDF album's layout engine): no JavaScript eval.
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", hash('first()'), hash('second()')])
    expect(directive(policy, 'object-src')).toEqual(["'none'"])
    expect(policy.replaceAll("'wasm-unsafe-eval'", '')).not.toContain('unsafe-eval')
    expect(directive(contentSecurityPolicy('http://127.0.0.1:54321'), 'connect-src')).toContain('ws://127.0.0.1:54321')
  })

  it('is injected by the build only, so the dev server keeps hot reload', () => {
    expect(cspMetaPlugin().apply).toBe('build')
  })

  it('hashes every inline script of the finished page, and no script that has a src', () => {
    const html =
      '<head><script>a()</script><script type="module" src="/x.js"></script></head><body><script>b()</script></body>'
    expect(inlineScriptsOf(html)).toEqual(['a()', 'b()'])
  })

  it('puts the policy first in the head of the built page, before any script it governs', () => {
    const bundle = {
      'index.html': { type: 'asset', fileName: 'index.html', source: '<head><script>a()</script></head><body></body>' },
    }
    const plugin = cspMetaPlugin()
    const generate = plugin.generateBundle as (options: unknown, bundle: unknown) => void
    generate.call({}, {}, bundle)
    const html = bundle['index.html'].source
    expect(html).toMatch(/^<head><meta http-equiv="Content-Security-Policy" content="[^"]+"><script>a\(\)<\/script>/)
    const hash = `'sha256-${createHash('sha256').update('a()').digest('base64')}'`
    expect(html).toContain(hash)
  })
})
