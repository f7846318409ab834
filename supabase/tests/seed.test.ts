/**
 * The seed: every demo account exists, is confirmed, signs in with DEMO_PASSWORD and has its role;
 * the demo books are as README/dev-navigation describe them; and the seed's photos, uploaded by
 * uploadSeedAssets(), load by their public URL with no credentials.
 */
import { compare } from 'bcryptjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../local/app/demo-accounts.ts'
import { SEED_ASSETS, uploadSeedAssets } from '../local/app/seed-assets.ts'
import { anonClient, serviceClient, serviceDownload, sql, testEnv } from '../local/testing/index.ts'
import type { Queryable } from '../local/db.ts'
import type { Stack } from '../local/types.ts'

/** Just enough of a Stack for uploadSeedAssets: the gateway URL and owner SQL through /pg/query. */
function stackOverHttp(): Stack {
  const queryable: Queryable = {
    query: async <T>(query: string, params?: unknown[]) => {
      const rows = await sql<T>(query, params ?? [])
      return { rows, rowCount: rows.length, fields: [] }
    },
    exec: async (query: string) => {
      await sql(query)
    },
  }
  return {
    urls: { api: testEnv.apiUrl, mailbox: testEnv.mailboxUrl, payments: testEnv.paymentsUrl, site: testEnv.siteUrl },
    db: {
      ...queryable,
      kind: 'postgres',
      transaction: (work: (tx: Queryable) => Promise<unknown>) => work(queryable),
      close: async () => {},
    },
  } as unknown as Stack
}

async function seedImageUrls(): Promise<string[]> {
  const rows = await sql<{ url: string }>(
    `select unnest("image_urls") as "url" from "public"."memory_entries" e
       join "public"."memory_books" b on b."id" = e."book_id" where b."short_code" = 'RACHEL23'
     union select "profile_image_url" from "public"."memory_books" where "short_code" = 'RACHEL23'
     union select "background_image_url" from "public"."memory_books" where "short_code" = 'RACHEL23'`,
  )
  return rows.map((row) => row.url)
}

describe('seed', () => {
  it('creates every demo account, confirmed, with DEMO_PASSWORD and an e-mail identity', async () => {
    expect(DEMO_ACCOUNTS.length).toBe(6)
    const users = await sql<{ email: string; hash: string; confirmed: boolean; identities: number; role: string }>(
      `select a."email", a."encrypted_password" as "hash", a."email_confirmed_at" is not null as "confirmed",
              (select count(*)::int from "auth"."identities" i where i."user_id" = a."id" and i."provider" = 'email') as "identities",
              u."role"
         from "auth"."users" a join "public"."users" u on u."id" = a."id"
        where a."email" = any (string_to_array($1, ','))`,
      [DEMO_ACCOUNTS.map((account) => account.email).join(',')],
    )
    expect(users.map((user) => user.email).sort()).toEqual(DEMO_ACCOUNTS.map((account) => account.email).sort())
    for (const user of users) {
      expect(user.confirmed).toBe(true)
      expect(user.identities).toBe(1)
      expect(await compare(DEMO_PASSWORD, user.hash)).toBe(true)
      expect(user.role).toBe(user.email === 'admin@zochrim.local' ? 'admin' : 'user')
    }
  })

  it('lets the demo owner sign in and see their book with its family code', async () => {
    const client = anonClient()
    const { data, error } = await client.auth.signInWithPassword({
      email: 'owner@zochrim.local',
      password: DEMO_PASSWORD,
    })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    const books = await client.rpc('my_books')
    expect(books.data?.map((book) => [book.short_code, book.family_access_code, book.memory_count])).toEqual([
      ['RACHEL23', '2580', 12],
    ])
  })

  it('has the demo books the accounts describe', async () => {
    const books = await sql<{
      short_code: string
      plan_type: string
      is_paid: boolean
      gift_code: string | null
      days_left: number | null
    }>(
      `select "short_code", "plan_type", "is_paid", "gift_code",
              floor(extract(epoch from "gift_code_expires_at" - now()) / 86400)::int as "days_left"
         from "public"."memory_books" where "short_code" in ('RACHEL23', 'SHMUEL45', 'AHARN267') order by "short_code"`,
    )
    expect(books).toEqual([
      { short_code: 'AHARN267', plan_type: 'pro', is_paid: true, gift_code: 'MATANA23', days_left: expect.any(Number) },
      { short_code: 'RACHEL23', plan_type: 'pro', is_paid: true, gift_code: null, days_left: null },
      { short_code: 'SHMUEL45', plan_type: 'basic', is_paid: false, gift_code: null, days_left: null },
    ])
    expect(books[0]!.days_left).toBeGreaterThanOrEqual(28)
    const [photos] = await sql<{ with_photos: number; relations: number }>(
      `select count(*) filter (where cardinality("image_urls") > 0)::int as "with_photos",
              count(distinct "relation_to_deceased")::int as "relations"
         from "public"."memory_entries" e join "public"."memory_books" b on b."id" = e."book_id" where b."short_code" = 'RACHEL23'`,
    )
    expect(photos!.with_photos).toBeGreaterThanOrEqual(5)
    expect(photos!.relations).toBeGreaterThanOrEqual(6)
  })

  it('has the demo coupons FREE100, HALF50 and MINUS20', async () => {
    const service = serviceClient()
    const coupons = []
    for (const code of ['FREE100', 'HALF50', 'MINUS20']) {
      const { data } = await service.rpc('validate_coupon', { code, plan: 'pro' })
      coupons.push([data?.code, data?.discount_type, data?.value, data?.valid])
    }
    expect(coupons).toEqual([
      ['FREE100', 'percent', 100, true],
      ['HALF50', 'percent', 50, true],
      ['MINUS20', 'fixed', 20, true],
    ])
  })

  describe('photos', () => {
    beforeAll(async () => {
      await uploadSeedAssets(stackOverHttp())
    })

    it('points every seed image URL at an uploaded asset on this stack', async () => {
      const urls = await seedImageUrls()
      const prefix = `${testEnv.apiUrl}/storage/v1/object/public/memory-images/`
      expect(urls.length).toBe(SEED_ASSETS.length)
      expect(urls.filter((url) => !url.startsWith(prefix))).toEqual([])
      const paths = urls.map((url) => url.slice(prefix.length)).sort()
      expect(paths).toEqual(SEED_ASSETS.map((asset) => asset.objectPath).sort())
    })

    it('stores each photo whole, and its public URL serves nothing without the reading that signs it', async () => {
      for (const url of await seedImageUrls()) {
        expect((await fetch(url)).status, url).not.toBe(200)
        const response = await serviceDownload(url)
        expect(response.status, url).toBe(200)
        expect(response.headers.get('content-type')).toMatch(/^image\/jpeg/)
        expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(5_000)
      }
    })
  })
})
