import { expect, test } from '@playwright/test'
import { platformAdminStrings as s } from '../src/domains/platform-admin/strings/platform-admin'
import { createUser, sql, unique } from '../supabase/local/testing/index.ts'
import { signInThroughUi } from './fixtures/session'

/*
 * A refund the payment provider never answered is shown to the platform admin, on a phone (412 px),
 * at the top of the security and monitoring tab: when, who, how much and which transaction, until
 * the next cancel asks the provider and settles it.
 */

const arrive = expect.configure({ timeout: 30_000 })

test('the platform admin sees a refund whose outcome is unknown until it is settled', async ({ page }) => {
  test.setTimeout(240_000)
  const admin = await createUser({ platformAdmin: true, fullName: 'מנהלת המערכת' })
  const buyer = `unknown-refund-${unique()}@example.com`
  const session = `pp_${unique()}`
  const transaction = `tx-${unique()}`
  await sql(
    `insert into "public"."payment_sessions" ("stripe_session_id", "email", "plan_type", "recipient_type",
       "amount_agorot", "currency", "status", "provider", "transaction_id", "paid_at", "refund_started_at",
       "refund_unknown_since")
     values ($1, $2, 'pro', 'gift', 14900, 'ils', 'paid', 'payplus', $3, now(), now(), now())`,
    [session, buyer, transaction],
  )

  await signInThroughUi(page, admin, '/admin-panel')
  await arrive(page.getByRole('tab', { name: s.panel.tabs.security })).toBeVisible()
  await page.getByRole('tab', { name: s.panel.tabs.security }).click()
  const list = page.getByRole('list', { name: s.unknownRefunds.tableLabel })
  const row = list.getByRole('listitem').filter({ hasText: buyer })
  await arrive(row).toContainText('₪149')
  await arrive(row).toContainText(transaction)
  await expect(page.getByRole('heading', { name: new RegExp(s.unknownRefunds.title.split(' (')[0]!) })).toBeVisible()
  await page.screenshot({ path: 'test-results/unknown-refunds-412.png', fullPage: false })

  await sql(
    `update "public"."payment_sessions" set "status" = 'refunded', "refund_unknown_since" = null
      where "stripe_session_id" = $1`,
    [session],
  )
  await page.reload()
  await arrive(page.getByRole('heading', { name: s.security.title })).toBeVisible()
  await expect(row).toHaveCount(0)
})
