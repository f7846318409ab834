/**
 * What the second walk found (issue 36), each as the tester met it on a 412 px phone: gift links
 * opened while signed in, a claimed gift that walled off the dashboard, a purchaser claiming their
 * own gift, an expired code in the purchaser's list, codes typed with spaces.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { accountsStrings } from '../src/i18n/accounts'
import { giftsStrings, tGifts } from '../src/i18n/gifts'
import { paymentStrings } from '../src/i18n/payment'
import {
  createBook,
  createUser,
  newGiftCode,
  sql,
  uniqueEmail,
  verifyLink,
  waitForMail,
  type TestUser,
} from '../supabase/local/testing/index.ts'
import { signInThroughUi } from './fixtures/session'
import { shot } from './fixtures/screenshots'

const expect = baseExpect.configure({ timeout: 15_000 })
test.describe.configure({ timeout: 120_000 })

function main(page: Page) {
  return page.getByRole('main')
}

interface PendingGift {
  id: string
  code: string
}

/** A paid gift waiting for its recipient, as create-gift leaves it. */
async function pendingGift(purchaser: TestUser, deceased: string, recipient: string): Promise<PendingGift> {
  const code = await newGiftCode()
  const book = await createBook({
    fullName: deceased,
    ownerEmail: null,
    creatorName: null,
    giftCode: code,
    giftStatus: 'pending',
    purchaserUserId: purchaser.id,
  })
  await sql(
    `update "public"."memory_books"
        set "gift_recipient_name" = $2, "purchaser_name" = $3, "gift_purchased_at" = now(),
            "gift_code_expires_at" = now() + interval '30 days'
      where "id" = $1`,
    [book.id, recipient, purchaser.fullName],
  )
  return { id: book.id, code }
}

/** A gift this user claimed and has not filled in yet (no creator name). */
async function unfinishedClaimedGift(claimer: TestUser): Promise<string> {
  const book = await createBook({
    fullName: 'נחום ברגר',
    ownerEmail: claimer.email,
    creatorName: null,
    giftCode: await newGiftCode(),
    giftStatus: 'claimed',
    claimedByUserId: claimer.id,
  })
  return book.id
}

test.describe('gifts', () => {
  test('a signed-in person who taps the gift link is led to claim that gift, with its details, in one tap', async ({
    page,
  }) => {
    const purchaser = await createUser({ label: 'walk2-giver', fullName: 'אורית גולן' })
    const gift = await pendingGift(purchaser, 'אהרון גולן', 'דנה גולן')
    const recipient = await createUser({ label: 'walk2-taker', fullName: 'דנה גולן' })
    // The recipient already has another gift they have not filled in: it must not steal the link.
    const other = await unfinishedClaimedGift(recipient)
    await signInThroughUi(page, recipient)

    await page.goto(`/register?gift=${gift.code.toLowerCase()}`)
    await page.waitForURL((url) => url.pathname === '/gift' && url.searchParams.get('code') === gift.code)
    const details = main(page).getByTestId('gift-details')
    await expect(details).toContainText(tGifts('claim.details.book', { name: 'אהרון גולן' }))
    await expect(details).toContainText(tGifts('claim.details.from', { name: 'אורית גולן' }))
    await expect(details).toContainText(tGifts('claim.details.for', { name: 'דנה גולן' }))
    await shot(page, 'walk2-gift-link-signed-in', { fullPage: true })

    await main(page).getByRole('button', { name: giftsStrings.claim.submit }).click()
    await page.waitForURL((url) => url.pathname === '/gift-welcome' && url.searchParams.get('book_id') === gift.id)
    const [row] = await sql<{ owner_email: string; gift_status: string }>(
      `select "owner_email", "gift_status" from "public"."memory_books" where "id" = $1`,
      [gift.id],
    )
    expect(row).toEqual({ owner_email: recipient.email.toLowerCase(), gift_status: 'claimed' })
    expect(page.url()).not.toContain(other)
  })

  test('claiming a gift does not lock its claimer out of the dashboard: it invites them to finish the gift book', async ({
    page,
  }) => {
    const user = await createUser({ label: 'walk2-owner', fullName: 'מיכל לוי' })
    await createBook({ fullName: 'שמואל לוי', ownerEmail: user.email })
    const gift = await unfinishedClaimedGift(user)
    const bought = await pendingGift(user, 'רבקה כהן', 'יוסי כהן')
    await signInThroughUi(page, user)

    await page.goto('/dashboard')
    await expect(main(page).getByTestId('finish-gift')).toBeVisible()
    await expect(main(page).getByTestId('book-name')).toContainText('שמואל לוי')
    const finish = main(page).getByRole('link', { name: giftsStrings.finishGift.action })
    expect(new URL((await finish.getAttribute('href'))!, page.url()).searchParams.get('book_id')).toBe(gift)
    await shot(page, 'walk2-dashboard-with-unfinished-gift', { fullPage: true })

    await page.goto('/dashboard?view=purchases')
    await expect(page).toHaveURL(/\/dashboard\?view=purchases$/)
    const purchases = main(page).getByTestId('purchased-gift')
    await expect(purchases).toHaveCount(1)
    await expect(purchases.getByTestId('gift-code')).toHaveText(bought.code)

    await finish.click()
    await page.waitForURL((url) => url.pathname === '/create-book' && url.searchParams.get('book_id') === gift)
  })

  test('a purchaser who claims their own gift is asked first whether it is for themselves', async ({ page }) => {
    const purchaser = await createUser({ label: 'walk2-self', fullName: 'רות אביב' })
    const gift = await pendingGift(purchaser, 'משה אביב', 'נעמה אביב')
    await signInThroughUi(page, purchaser)

    await page.goto(`/gift?code=${gift.code}`)
    await expect(main(page).getByTestId('gift-details')).toContainText(giftsStrings.claim.details.boughtByYou)
    await main(page).getByRole('button', { name: giftsStrings.claim.submit }).click()
    const question = page.getByRole('dialog', { name: giftsStrings.claim.ownGift.title })
    await expect(question).toBeVisible()
    await shot(page, 'walk2-own-gift-question')
    const ownerOf = async () =>
      (
        await sql<{ owner_email: string | null }>(`select "owner_email" from "public"."memory_books" where "id" = $1`, [
          gift.id,
        ])
      )[0]!.owner_email
    expect(await ownerOf()).toBeNull()

    await question.getByRole('link', { name: giftsStrings.claim.ownGift.send }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await expect(main(page).getByTestId('purchased-gift').getByTestId('gift-code')).toHaveText(gift.code)
    expect(await ownerOf()).toBeNull()

    await page.goto(`/gift?code=${gift.code}`)
    await main(page).getByRole('button', { name: giftsStrings.claim.submit }).click()
    await page.getByRole('button', { name: giftsStrings.claim.ownGift.confirm }).click()
    await page.waitForURL((url) => url.pathname === '/gift-welcome')
    expect(await ownerOf()).toBe(purchaser.email.toLowerCase())
  })

  test('an expired code shows as expired with "send a new code", which gives a working code', async ({ page }) => {
    const purchaser = await createUser({ label: 'walk2-expired', fullName: 'יעל שחר' })
    const gift = await pendingGift(purchaser, 'אברהם שחר', 'גיל שחר')
    await sql(`update "public"."memory_books" set "gift_code_expires_at" = now() - interval '1 day' where "id" = $1`, [
      gift.id,
    ])
    await signInThroughUi(page, purchaser)
    await page.goto('/dashboard?view=purchases')
    const item = main(page).getByTestId('purchased-gift')
    await expect(item.getByText(giftsStrings.list.status.expired)).toBeVisible()
    await expect(item.getByTestId('gift-code')).toHaveCount(0)
    await expect(item.getByTestId('gift-whatsapp')).toHaveCount(0)
    await shot(page, 'walk2-expired-gift', { fullPage: true })

    await item.getByRole('button', { name: giftsStrings.list.sendNewCode }).click()
    await expect(item.getByText(giftsStrings.list.status.pending)).toBeVisible()
    await expect(item.getByTestId('gift-code')).not.toHaveText(gift.code)
  })

  test('a gift code typed with a space and a dash inside is accepted', async ({ page }) => {
    const purchaser = await createUser({ label: 'walk2-typed-giver' })
    const gift = await pendingGift(purchaser, 'חנה ברק', 'עומר ברק')
    const recipient = await createUser({ label: 'walk2-typed' })
    await signInThroughUi(page, recipient)
    await page.goto('/gift')
    const typed = `${gift.code.slice(0, 4).toLowerCase()} ${gift.code.slice(4, 6)}-${gift.code.slice(6)}`
    await main(page).getByLabel(giftsStrings.claim.codeLabel).fill(typed)
    await main(page).getByRole('button', { name: giftsStrings.claim.submit }).click()
    await page.waitForURL((url) => url.pathname === '/gift-welcome' && url.searchParams.get('book_id') === gift.id)
  })
})

test.describe('payment', () => {
  test('a plain sign-up reaches /payment with basic and pro to choose from, none chosen for them', async ({ page }) => {
    const email = uniqueEmail('walk2-plain')
    await page.goto('/register')
    await main(page).getByLabel(accountsStrings.common.fullName).fill('גלית שגב')
    await main(page).getByLabel(accountsStrings.common.email).fill(email)
    await main(page).getByLabel(accountsStrings.common.password, { exact: true }).fill('Remember-2026')
    await main(page).getByRole('button', { name: accountsStrings.register.modes.regular.submit }).click()
    await page.getByRole('dialog').getByRole('button', { name: accountsStrings.register.success.continue }).click()
    await page.goto(verifyLink(await waitForMail(email)).href)
    await page.waitForURL((url) => url.pathname === '/payment')
    expect(new URL(page.url()).searchParams.get('plan')).toBeNull()

    const plans = main(page).getByRole('radiogroup', { name: paymentStrings.payment.planLegend }).getByRole('radio')
    await expect(plans).toHaveCount(2)
    await expect(main(page).getByLabel(new RegExp(paymentStrings.plans.basic.name))).not.toBeChecked()
    await expect(main(page).getByLabel(new RegExp(paymentStrings.plans.pro.name))).not.toBeChecked()
    await expect(main(page).getByRole('button', { name: paymentStrings.actions.pay })).toHaveCount(0)
    await shot(page, 'walk2-payment-nothing-chosen', { fullPage: true })

    await main(page).getByText(paymentStrings.plans.basic.name).click()
    await page.waitForURL((url) => url.searchParams.get('plan') === 'basic')
    await expect(main(page).getByLabel(new RegExp(paymentStrings.plans.basic.name))).toBeChecked()
    await expect(main(page).getByRole('button', { name: paymentStrings.actions.pay })).toBeVisible()
  })
})
