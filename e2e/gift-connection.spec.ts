import { expect, test } from '@playwright/test'
import { giftsStrings } from '../src/domains/gift/strings/gifts'
import { paymentStrings } from '../src/domains/payments/strings/payment'
import { createUser } from '../supabase/local/testing/index.ts'
import { signInThroughUi } from './fixtures/session'
import { shot } from './fixtures/screenshots'

const arrive = expect.configure({ timeout: 20_000 })

test('a connection that drops right after "create gift" is waited for, and the gift is created when it returns', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const purchaser = await createUser({ label: 'gift-offline', fullName: 'משה לוי' })
  await signInThroughUi(page, purchaser)
  await page.goto('/payment?plan=basic&type=gift')
  await page.getByLabel(paymentStrings.coupon.label).fill('FREE100')
  await page.getByRole('button', { name: paymentStrings.coupon.apply }).click()
  await page.getByRole('button', { name: paymentStrings.actions.freeGift }).click()
  await page.waitForURL(/\/gift-generation\?.*session_id=free_coupon_/)
  await arrive(page.getByLabel(giftsStrings.generation.recipientName)).toBeVisible()
  await page.getByLabel(giftsStrings.generation.recipientName).fill('רות לוי')
  await page.getByLabel(giftsStrings.generation.deceasedName).fill('שרה לוי')

  // The phone loses its connection as the request leaves.
  let calls = 0
  await page.route('**/functions/v1/create-gift', async (route) => {
    calls += 1
    if (calls === 1) {
      await context.setOffline(true)
      await route.abort('internetdisconnected')
      return
    }
    await route.continue()
  })
  await page.getByRole('button', { name: giftsStrings.generation.create }).click()
  await arrive(page.getByTestId('offline-hint')).toHaveText(giftsStrings.generation.waitingForConnection)
  await expect(page.getByText(giftsStrings.generation.createError)).toHaveCount(0)
  await shot(page, 'gift-connection-waiting-412')

  // It comes back: nothing to press, the gift is created.
  await context.setOffline(false)
  await page.waitForURL(/\/gift-created\?/, { timeout: 30_000 })
  await arrive(page.getByTestId('gift-code')).toBeVisible()
  expect(calls).toBe(2)
})
