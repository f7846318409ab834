/**
 * An address that looks like a platform admin's without being it (Cyrillic letters, full-width
 * letters, zero-width characters) is refused at sign-up; the admin's own address is not.
 */
import { describe, expect, it } from 'vitest'
import { sql, testEnv } from '../local/testing/index.ts'

function signUp(email: string) {
  return fetch(`${testEnv.apiUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: testEnv.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Lookalike-2026!' }),
  })
}

async function usersNamed(emails: string[]): Promise<number> {
  const [row] = await sql<{ count: number }>(
    `select count(*)::int as "count" from "auth"."users" where "email" = any($1::text[])`,
    [emails],
  )
  return row!.count
}

describe('look-alikes of a platform admin address', () => {
  it('refuses Cyrillic, full-width and zero-width variants at sign-up and takes the real one', async () => {
    const local = `chief${Date.now().toString(36)}`
    const admin = `${local}@example.test`
    await sql(`insert into "public"."platform_admin_emails" ("email") values ($1)`, [admin])
    const variants = [
      admin.replace('c', '\u0441').replace('e', '\u0435'),
      admin.replace('chief', '\uff43\uff48\uff49\uff45\uff46'),
      admin.replace('chief', 'chi\u200bef'),
    ]
    for (const variant of variants) {
      const [skeleton] = await sql<{ same: boolean }>(
        `select private.email_skeleton($1) = private.email_skeleton($2) as "same"`,
        [variant, admin],
      )
      expect(skeleton!.same).toBe(true)
      const answer = await signUp(variant)
      expect(answer.status, variant).toBeGreaterThanOrEqual(400)
    }
    expect(await usersNamed(variants.map((variant) => variant.toLowerCase()))).toBe(0)
    expect((await signUp(admin)).status).toBe(200)
    expect(await usersNamed([admin])).toBe(1)
  })
})
