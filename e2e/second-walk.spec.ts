/**
 * What the second walk found, each as the tester met it on a 412 px phone: gift links
 * opened while signed in, a claimed gift that walled off the dashboard, a purchaser claiming their
 * own gift, an expired code in the purchaser's list, codes typed with spaces, the plan picker after
 * a plain sign-up, admin invitations killed by a new family code, and the management page.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { accountsStrings } from '../src/domains/accounts/strings/accounts'
import { booksStrings } from '../src/domains/book/strings/books'
import { dashboardStrings } from '../src/i18n/dashboard'
import { familyAdminsStrings } from '../src/domains/family-admins/strings/family-admins'
import { giftsStrings, tGifts } from '../src/domains/gift/strings/gifts'
import { paymentStrings } from '../src/domains/payments/strings/payment'
import {
  createBook,
  createUser,
  inviteAdmin,
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
    await page.waitForURL((url) => url.pathname === '/gift-welcome' && url.searchParams.get('book') === gift.id)
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
    expect(new URL((await finish.getAttribute('href'))!, page.url()).searchParams.get('book')).toBe(gift)
    await shot(page, 'walk2-dashboard-with-unfinished-gift', { fullPage: true })

    await page.goto('/dashboard?view=purchases')
    await expect(page).toHaveURL(/\/dashboard\?view=purchases$/)
    const purchases = main(page).getByTestId('purchased-gift')
    await expect(purchases).toHaveCount(1)
    await expect(purchases.getByTestId('gift-code')).toHaveText(bought.code)

    await finish.click()
    await page.waitForURL((url) => url.pathname === '/create-book' && url.searchParams.get('book') === gift)
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
    await page.waitForURL((url) => url.pathname === '/gift-welcome' && url.searchParams.get('book') === gift.id)
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

test.describe('family admins', () => {
  /** The owner invites an admin on /add-family-admin and reads the link the screen gives. */
  async function inviteThroughUi(page: Page, bookId: string, name: string): Promise<string> {
    await page.goto(`/add-family-admin?book=${bookId}`)
    await main(page).getByLabel(familyAdminsStrings.add.fullName).fill(name)
    await main(page).getByLabel(familyAdminsStrings.add.contact).fill('invitee@example.test')
    await main(page).getByRole('button', { name: familyAdminsStrings.add.submit }).click()
    const field = main(page).getByLabel(familyAdminsStrings.add.linkLabel)
    await expect(field).toBeVisible()
    return field.inputValue()
  }

  test('a new family code keeps a pending admin invitation valid: the invitee joins by the link alone', async ({
    page,
    browser,
  }) => {
    const owner = await createUser({ label: 'walk2-fa-owner', fullName: 'אסתר נוי' })
    const book = await createBook({ ownerEmail: owner.email, isPublic: false, plan: 'pro', fullName: 'יצחק נוי' })
    await signInThroughUi(page, owner)
    const link = await inviteThroughUi(page, book.id, 'תמר נוי')
    expect(new URL(link).searchParams.get('family_code')).toBeNull()
    expect(new URL(link).searchParams.get('admin_name')).toBeNull()

    // The owner renews the family code from the book's management page, found under "ניהול הספר".
    await page.goto('/dashboard')
    await main(page).getByRole('link', { name: dashboardStrings.grid.manageBook }).click()
    await page.waitForURL((url) => url.pathname === '/admin-dashboard')
    await main(page).getByRole('button', { name: booksStrings.familyCode.regenerate }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: booksStrings.familyCode.confirmButton }).click()
    await expect(page.getByRole('dialog', { name: booksStrings.familyCode.regenerated })).toBeVisible()
    const [renewed] = await sql<{ family_access_code: string }>(
      `select "family_access_code" from "public"."memory_books" where "id" = $1`,
      [book.id],
    )
    expect(renewed!.family_access_code).not.toBe(book.familyCode)

    // The invitee, on their own phone, has an account already and joins with the link alone.
    const invitee = await createUser({ label: 'walk2-fa-invitee', fullName: 'תמר נוי' })
    const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'he-IL' })
    const inviteePage = await phone.newPage()
    await inviteePage.goto(link)
    await expect(main(inviteePage).getByRole('heading', { name: familyAdminsStrings.register.title })).toBeVisible()
    await expect(main(inviteePage).getByLabel(/קוד משפחתי/)).toHaveCount(0)
    await shot(inviteePage, 'walk2-admin-invitation-open', { fullPage: true })
    await main(inviteePage).getByRole('button', { name: familyAdminsStrings.register.logInTab }).click()
    await main(inviteePage).getByLabel(familyAdminsStrings.register.email).fill(invitee.email)
    await main(inviteePage).getByLabel(familyAdminsStrings.register.password, { exact: true }).fill(invitee.password)
    await main(inviteePage).getByRole('button', { name: familyAdminsStrings.register.logInSubmit }).click()
    await inviteePage.waitForURL(new RegExp(`/view-book/${book.shortCode}$`))
    const [row] = await sql<{ status: string }>(
      `select "status" from "public"."book_admins" where "book_id" = $1 and "user_id" = $2`,
      [book.id, invitee.id],
    )
    expect(row).toEqual({ status: 'confirmed' })
    await phone.close()
  })

  test('a used, cancelled or bogus invitation link says so when the page opens, before any sign-up', async ({
    page,
  }) => {
    const owner = await createUser({ label: 'walk2-fa-links' })
    const book = await createBook({ ownerEmail: owner.email, isPublic: false, plan: 'pro' })
    const cancelled = await inviteAdmin(book.id, 'gone@example.test')
    await sql(`update "public"."book_admins" set "status" = 'cancelled', "cancelled_at" = now() where "id" = $1`, [
      cancelled.id,
    ])
    const registerLink = (token: string) => `/family-admin-register?token=${token}&book=${book.shortCode}`

    await page.goto(registerLink(cancelled.token))
    await expect(main(page).getByRole('alert')).toContainText('ההזמנה בוטלה על ידי בעל הספר')
    await expect(main(page).getByLabel(familyAdminsStrings.register.email)).toHaveCount(0)
    await shot(page, 'walk2-admin-invitation-cancelled', { fullPage: true })

    await page.goto(registerLink('x'.repeat(43)))
    await expect(main(page).getByRole('alert')).toContainText('קישור ההזמנה אינו תקין')
    await expect(main(page).getByLabel(familyAdminsStrings.register.email)).toHaveCount(0)

    const used = await inviteAdmin(book.id, 'used@example.test', { adminName: 'רינה' })
    const member = await createUser({ label: 'walk2-fa-used' })
    await sql(
      `update "public"."book_admins" set "status" = 'confirmed', "user_id" = $2, "confirmed_at" = now() where "id" = $1`,
      [used.id, member.id],
    )
    await page.goto(`${registerLink(used.token)}&admin_name=${encodeURIComponent('רינה')}`)
    await expect(main(page).getByRole('alert')).toContainText('כבר השתמשו בקישור ההזמנה הזה')

    // An open link of an older kind still names the invitee: a different person signing up types their own name.
    const open = await inviteAdmin(book.id, 'open@example.test', { adminName: 'רינה' })
    await page.goto(
      `${registerLink(open.token)}&admin_name=${encodeURIComponent('רינה')}&family_code=${book.familyCode}`,
    )
    await expect(main(page).getByLabel(familyAdminsStrings.register.fullName)).toHaveValue('')
  })

  test('the owner gets a fresh link for a pending invitation at any time; the old link then says so', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const owner = await createUser({ label: 'walk2-fa-resend', fullName: 'דבורה גל' })
    const book = await createBook({ ownerEmail: owner.email, isPublic: false, plan: 'pro', fullName: 'אליהו גל' })
    await signInThroughUi(page, owner)
    const first = await inviteThroughUi(page, book.id, 'עמית גל')
    await page.reload()
    const pending = main(page).getByTestId('pending-invitation')
    await expect(pending).toContainText('עמית גל')
    await pending.getByRole('button', { name: familyAdminsStrings.add.newLink }).click()
    const field = main(page).getByLabel(familyAdminsStrings.add.linkLabel)
    await expect(field).toBeVisible()
    const fresh = await field.inputValue()
    expect(fresh).not.toBe(first)
    await shot(page, 'walk2-admin-invitation-new-link', { fullPage: true })

    await page.goto(first)
    await expect(main(page).getByRole('alert')).toContainText('קישור ההזמנה אינו תקין')
    await page.goto(fresh)
    await expect(main(page).getByRole('button', { name: familyAdminsStrings.register.joinNow })).toBeVisible()
  })
})

test.describe('the management page', () => {
  test('takes the short book code as every other route does; a missing book says "not found"; delete names the book', async ({
    page,
  }) => {
    const owner = await createUser({ label: 'walk2-manage' })
    const book = await createBook({ ownerEmail: owner.email, fullName: 'מרים שלו' })
    await signInThroughUi(page, owner)
    await page.goto(`/admin-dashboard?book=${book.shortCode.toLowerCase()}`)
    await expect(main(page).getByRole('heading', { level: 1 })).toContainText('מרים שלו')
    await main(page).getByRole('button', { name: dashboardStrings.adminDashboard.deleteBook }).click()
    await expect(page.getByRole('alertdialog')).toContainText('מרים שלו')
    await shot(page, 'walk2-delete-names-book')
    await page.keyboard.press('Escape')

    await page.goto('/admin-dashboard?book=NOSUCH99')
    await expect(main(page).getByRole('heading', { name: dashboardStrings.adminDashboard.notFound })).toBeVisible()
    await page.goto(`/admin-dashboard?book=${crypto.randomUUID()}`)
    await expect(main(page).getByRole('heading', { name: dashboardStrings.adminDashboard.notFound })).toBeVisible()
    const stranger = await createBook({ fullName: 'ספר של אחרים' })
    await page.goto(`/admin-dashboard?book=${stranger.shortCode}`)
    await expect(main(page).getByRole('heading', { name: dashboardStrings.adminDashboard.denied })).toBeVisible()
  })
})
