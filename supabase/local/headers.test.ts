/**
 * Security headers on every answer of the local stack (gateway, mailbox, payment sandbox), a
 * Content-Security-Policy on HTML, the share-preview function's own headers, and the client's
 * address as the gateway sees it.
 */
import { describe, expect, it } from 'vitest'
import { requestFrom, testEnv } from './testing/clients.ts'

function expectBaseHeaders(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
}

describe('security headers', () => {
  it('sends nosniff and a referrer policy on JSON answers of every API and on errors', async () => {
    const answers = await Promise.all([
      fetch(`${testEnv.apiUrl}/health`),
      fetch(`${testEnv.apiUrl}/rest/v1/no_such_table`, { headers: { apikey: testEnv.anonKey } }),
      fetch(`${testEnv.apiUrl}/auth/v1/settings`, { headers: { apikey: testEnv.anonKey } }),
      fetch(`${testEnv.apiUrl}/storage/v1/bucket`, { headers: { apikey: testEnv.anonKey } }),
      fetch(`${testEnv.apiUrl}/nowhere`),
      fetch(`${testEnv.mailboxUrl}/api/v1/messages?limit=1`),
      fetch(`${testEnv.paymentsUrl}/deliveries`),
    ])
    for (const answer of answers) {
      expectBaseHeaders(answer.headers)
      expect(answer.headers.get('content-security-policy')).toBeNull()
    }
  })

  it('sends a Content-Security-Policy on HTML pages, allowing only their own inline scripts', async () => {
    const mailbox = await fetch(`${testEnv.mailboxUrl}/`)
    expect(mailbox.headers.get('content-type')).toMatch(/^text\/html/)
    expectBaseHeaders(mailbox.headers)
    const policy = mailbox.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'none'")
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/)
    expect(policy).not.toContain('unsafe-eval')
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)

    const payments = await fetch(`${testEnv.paymentsUrl}/`)
    expect(payments.headers.get('content-type')).toMatch(/^text\/html/)
    expectBaseHeaders(payments.headers)
    expect(payments.headers.get('content-security-policy')).toContain("default-src 'none'")
  })

  it('has share-preview send its own headers (it runs on hosted Supabase too)', { timeout: 60_000 }, async () => {
    const response = await fetch(`${testEnv.apiUrl}/functions/v1/share-preview/not-a-book-0000`)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expectBaseHeaders(response.headers)
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("frame-ancestors 'none'")
  })
})

describe('client address', () => {
  it(
    'sets the socket address as the edge does, so a forged X-Forwarded-For or CF-Connecting-IP changes no client',
    { timeout: 60_000 },
    async () => {
      const response = await requestFrom('127.0.0.11', `${testEnv.apiUrl}/functions/v1/stack-selftest`, {
        method: 'POST',
        headers: {
          apikey: testEnv.anonKey,
          authorization: `Bearer ${testEnv.anonKey}`,
          'content-type': 'application/json',
          'x-forwarded-for': '203.0.113.7',
          'x-real-ip': '203.0.113.7',
          'cf-connecting-ip': '203.0.113.8',
        },
        body: '{}',
      })
      expect(response.status).toBe(200)
      expect(response.json()).toMatchObject({
        clientHeaders: {
          'x-forwarded-for': '203.0.113.7, 127.0.0.11',
          'x-real-ip': '127.0.0.11',
          'cf-connecting-ip': '127.0.0.11',
        },
        client: '127.0.0.11',
      })
    },
  )
})
