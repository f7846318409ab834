/**
 * The one price table (public.plan_prices): everyone reads it, nobody but the service role writes
 * it, and it holds the product's prices in agorot (basic and pro offered, full not).
 */
import { describe, expect, it } from 'vitest'
import { anonClient, signedInUser, sql } from '../../../supabase/local/testing/index.ts'

describe('plan_prices', () => {
  it('lets anyone read the prices (agorot)', async () => {
    const { data, error } = await anonClient()
      .from('plan_prices')
      .select('plan_type, price_agorot, original_price_agorot, currency, is_offered')
      .order('price_agorot')
    expect(error).toBeNull()
    expect(data).toEqual([
      { plan_type: 'basic', price_agorot: 9900, original_price_agorot: 14900, currency: 'ils', is_offered: true },
      { plan_type: 'pro', price_agorot: 14900, original_price_agorot: 19900, currency: 'ils', is_offered: true },
      { plan_type: 'full', price_agorot: 19900, original_price_agorot: 24900, currency: 'ils', is_offered: false },
    ])
  })

  it('refuses writes from visitors and signed-in users', async () => {
    const user = await signedInUser({ label: 'price-writer' })
    for (const client of [anonClient(), user.client]) {
      const update = await client.from('plan_prices').update({ price_agorot: 100 }).eq('plan_type', 'pro').select()
      expect(update.data ?? []).toEqual([])
      const insert = await client.from('plan_prices').insert({ plan_type: 'full', price_agorot: 1 })
      expect(insert.error).not.toBeNull()
      const removal = await client.from('plan_prices').delete().eq('plan_type', 'basic').select()
      expect(removal.data ?? []).toEqual([])
    }
    const [pro] = await sql<{ price: number }>(
      `select "price_agorot" as "price" from "public"."plan_prices" where "plan_type" = 'pro'`,
    )
    expect(pro!.price).toBe(14900)
    const [count] = await sql<{ count: number }>(`select count(*)::int as "count" from "public"."plan_prices"`)
    expect(count!.count).toBe(3)
  })

  it('keeps the payment functions service-only', async () => {
    const grants = await sql<{ name: string; anon: boolean; authenticated: boolean; service: boolean }>(
      `select p."proname" as "name",
              has_function_privilege('anon', p."oid", 'execute') as "anon",
              has_function_privilege('authenticated', p."oid", 'execute') as "authenticated",
              has_function_privilege('service_role', p."oid", 'execute') as "service"
         from "pg_catalog"."pg_proc" p
        where p."pronamespace" = 'public'::regnamespace
          and p."proname" in ('record_checkout_payment', 'redeem_coupon_for_free_session')
        order by 1`,
    )
    expect(grants).toEqual([
      { name: 'record_checkout_payment', anon: false, authenticated: false, service: true },
      { name: 'redeem_coupon_for_free_session', anon: false, authenticated: false, service: true },
    ])
  })
})
