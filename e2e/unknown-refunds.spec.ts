import { expect, test } from '@playwright/test'
import { giftsStrings } from '../src/domains/gift/strings/gifts'
import { paymentStrings } from '../src/domains/payments/strings/payment'
import { platformAdminStrings as s } from '../src/domains/platform-admin/strings/platform-admin'
import { createUser, sql, unique } from '../supabase/local/testing/index.ts'
import { payOnSandboxPage, signInThroughUi } from './fixtures/session'

/*
 * A refund the payment provider never answered, on a phone (412 px): the buyer is told it is not
 * confirmed yet and can finish it from the gift list, which asks PayPlus first and refunds once; the
 * platform admin sees it at the top of the security and monitoring tab until it is settled.
 */

const arrive = expect.configure({ timeout: 30_000 })

test('the platform admin sees a refund whose outcome is unknown until it is settled', async ({ page }) => {
  test.setTimeout(240_000)
  const admin = await createUser({ platformAdmin: true, fullName: 'מנהלת המערכת' })
  const buyer = `unknown-refund-${unique()}@example.com`
  const session = `pp_${unique()}`
  const transaction = `tx-${unique()}`
  await sql(
    `insert into "public"."payment_sessions" ("session_id", "email", "plan_type", "recipient_type",
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
      where "session_id" = $1`,
    [session],
  )
  await page.reload()
  await arrive(page.getByRole('heading', { name: s.security.title })).toBeVisible()
  await expect(row).toHaveCount(0)
})

test('a gift refund whose answer was lost is finished from the gift list and refunded once', async ({ page }) => {
  test.setTimeout(240_000)
  const buyer = await createUser({ label: 'lost-refund', fullName: 'רונית שמש' })
  await signInThroughUi(page, buyer)
  await page.goto('/payment?plan=pro&type=gift')
  await arrive(page.getByRole('button', { name: paymentStrings.actions.pay })).toBeEnabled()
  await page.getByRole('button', { name: paymentStrings.actions.pay }).click()
  await payOnSandboxPage(page)
  await page.waitForURL(/\/gift-generation\?.*session_id=pp_/)
  const session = new URL(page.url()).searchParams.get('session_id')!
  await arrive(page.getByLabel(giftsStrings.generation.recipientName)).toBeVisible()
  await page.getByLabel(giftsStrings.generation.recipientName).fill('אבי שמש')
  await page.getByLabel(giftsStrings.generation.deceasedName).fill('חנה שמש')
  await page.getByRole('button', { name: giftsStrings.generation.create }).click()
  await page.waitForURL(/\/gift-created\?/)
  await page.getByRole('link', { name: giftsStrings.created.backToPurchases }).click()
  await page.waitForURL(/\/dashboard\?view=purchases/)

  await fetch(`${process.env.PAYMENTS_URL}/payplus/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lose_next_refund_answer: true }),
  })
  const gift = page.getByTestId('purchased-gift')
  await arrive(gift).toContainText(giftsStrings.list.status.pending)
  await page.getByRole('button', { name: giftsStrings.list.cancel }).click()
  await page.getByRole('dialog').getByRole('button', { name: giftsStrings.list.cancelConfirm }).click()
  await arrive(page.getByText(/עדיין לא התקבל אישור/)).toBeVisible()
  await arrive(gift).toContainText(giftsStrings.list.status.cancelled)

  // The claim of the lost attempt runs out after two minutes.
  await sql(
    `update "public"."payment_sessions" set "refund_started_at" = now() - interval '3 minutes' where "session_id" = $1`,
    [session],
  )
  await page.reload()
  const finish = page.getByRole('button', { name: giftsStrings.list.finishRefund })
  await arrive(gift).toContainText(giftsStrings.list.status.cancelled)
  const trigger = gift.getByRole('button', { name: /חנה שמש/ })
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click()
  await arrive(gift).toContainText(giftsStrings.list.refundUnfinished)
  await page.screenshot({ path: 'test-results/refund-unfinished-412.png' })
  await finish.click()
  await arrive(page.getByText(giftsStrings.list.refundFinished)).toBeVisible()
  await arrive(finish).toHaveCount(0)
  const [row] = await sql<{ transaction: string; status: string }>(
    `select "transaction_id" as "transaction", "status" from "public"."payment_sessions" where "session_id" = $1`,
    [session],
  )
  expect(row!.status).toBe('refunded')
  const refunds = (await (
    await fetch(`${process.env.PAYMENTS_URL}/payplus/refunds?transaction_uid=${row!.transaction}`)
  ).json()) as unknown[]
  expect(refunds).toHaveLength(1)
})
