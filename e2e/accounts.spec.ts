/**
 * Accounts and onboarding on a 412 px phone: the wizard, registration with the real
 * confirmation e-mail from the mailbox, login routing, password reset, and the signed-in header.
 */
import { expect, test, type Page } from '@playwright/test'
import { accountsStrings as strings } from '../src/domains/accounts/strings/accounts'
import { he } from '../src/i18n/he'
import { createUser, verifyLink, waitForMail, mailsTo, sql, uniqueEmail } from '../supabase/local/testing/index.ts'
import { signInThroughUi, signOutThroughHeader, submitLoginForm } from './fixtures/session'
import { shot } from './fixtures/screenshots'

/** 8 characters of the gift-code alphabet (no 0/O, 1/I: easy to read aloud). */
function randomGiftCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  return Array.from({ length: 8 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('')
}

async function pageShot(page: Page, name: string): Promise<void> {
  await shot(page, `accounts-${name}`, { fullPage: true })
}

function main(page: Page) {
  return page.getByRole('main')
}

function alertWith(page: Page, text: string) {
  return main(page).getByRole('alert').filter({ hasText: text })
}

test.describe('onboarding and registration', () => {
  test('wizard → register → confirmation e-mail → link → payment, then login lands there again', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000)
    const admin = await createUser({ platformAdmin: true, label: 'notify-admin' })

    await page.goto('/')
    await main(page).getByRole('link', { name: he.landing.hero.cta }).first().click()
    await expect(page).toHaveURL('/onboarding', { timeout: 15_000 })
    await expect(main(page).getByText('שלב 1 מתוך 3')).toBeVisible()

    // Step 1: a relationship is required.
    await main(page).getByRole('button', { name: strings.onboarding.next }).click()
    await expect(alertWith(page, strings.onboarding.relationship.required)).toBeVisible()
    await pageShot(page, 'onboarding-step1-error')
    await main(page).getByText(strings.onboarding.relationship.options.parent).click()
    await expect(main(page).getByRole('radio', { name: strings.onboarding.relationship.options.parent })).toBeChecked()
    await main(page).getByRole('button', { name: strings.onboarding.next }).click()

    // Step 2: a name is required; back returns to step 1 with the choice kept.
    await expect(main(page).getByText('שלב 2 מתוך 3')).toBeVisible()
    await main(page).getByRole('button', { name: strings.onboarding.next }).click()
    await expect(alertWith(page, strings.onboarding.name.required)).toBeVisible()
    await main(page).getByRole('button', { name: strings.onboarding.back }).click()
    await expect(main(page).getByRole('radio', { name: strings.onboarding.relationship.options.parent })).toBeChecked()
    await main(page).getByRole('button', { name: strings.onboarding.next }).click()
    await main(page).getByLabel(strings.onboarding.name.label).fill('  משה כהן ')
    await pageShot(page, 'onboarding-step2')
    await main(page).getByRole('button', { name: strings.onboarding.next }).click()

    // Step 3: start; signed out, so registration follows in its onboarding mode.
    await expect(main(page).getByRole('heading', { name: 'ספר הזיכרון של משה כהן' })).toBeVisible()
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
    await pageShot(page, 'onboarding-step3')
    await main(page).getByRole('button', { name: strings.onboarding.start.cta }).click()
    await expect(page).toHaveURL('/register', { timeout: 15_000 })
    await expect(
      main(page).getByRole('heading', { level: 1, name: strings.register.modes.onboarding.title }),
    ).toBeVisible()

    // Register: the password needs 8 characters.
    const email = uniqueEmail('onboarded')
    await main(page).getByLabel(strings.common.fullName).fill('רחל כהן')
    await main(page).getByLabel(strings.common.email).fill(email)
    await main(page).getByLabel(strings.common.password, { exact: true }).fill('short')
    await main(page).getByRole('button', { name: strings.register.modes.onboarding.submit }).click()
    await expect(alertWith(page, strings.register.validation.passwordTooShort)).toBeVisible()
    await pageShot(page, 'register-onboarding')
    await main(page).getByLabel(strings.common.password, { exact: true }).fill('Remember-2026')
    await main(page).getByRole('button', { name: strings.register.modes.onboarding.submit }).click()

    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText(email)).toBeVisible()
    await pageShot(page, 'register-success-dialog')
    // The dialog closes by itself after 6 s and the confirmation screen follows.
    await expect(page).toHaveURL('/email-confirmation', { timeout: 15_000 })
    await expect(dialog).toBeHidden()
    await expect(main(page).getByText(email)).toBeVisible()
    await pageShot(page, 'email-confirmation')

    // The admins heard about the new user.
    const notice = await waitForMail(admin.email, { subject: 'רחל כהן' })
    expect(notice.Text).toContain(email)
    expect(notice.Text).toContain('משה כהן')

    // The confirmation e-mail leads back to /login, which continues to payment in that tab...
    const mail = await waitForMail(email)
    const link = verifyLink(mail).href
    expect(new URL(link).searchParams.get('redirect_to')).toMatch(/\/login$/)
    const linkTab = await context.newPage()
    await linkTab.goto(link)
    await linkTab.waitForURL((url) => url.pathname === '/payment')
    expect(new URL(linkTab.url()).searchParams.get('plan')).toBe('onboarding')
    expect(new URL(linkTab.url()).searchParams.get('type')).toBe('for_me')

    // ...and the waiting confirmation screen notices the session within its 5 s poll.
    await page.waitForURL((url) => url.pathname === '/payment', { timeout: 12_000 })

    // The answers given before there was an account are now saved for the user.
    const [saved] = await sql<{ relationship: string; deceased_name: string }>(
      `select o."relationship", o."deceased_name"
         from "public"."onboarding_data" o join "public"."users" u on u."id" = o."user_id"
        where u."email" = $1`,
      [email],
    )
    expect(saved).toEqual({ relationship: 'parent', deceased_name: 'משה כהן' })

    // Signing out and in again leads to payment too: the registration data is still there.
    await linkTab.close()
    await signOutThroughHeader(page)
    await page.goto('/login')
    await submitLoginForm(page, email, 'Remember-2026')
    await page.waitForURL((url) => url.pathname === '/payment')
    expect(new URL(page.url()).searchParams.get('plan')).toBe('onboarding')
  })

  test('the e-mail confirmation screen without registration data sends home with "access denied"', async ({ page }) => {
    await page.goto('/email-confirmation')
    await expect(page).toHaveURL('/', { timeout: 15_000 })
    await expect(page.getByText(strings.emailConfirmation.accessDenied)).toBeVisible()
  })

  test('gift mode checks the code with the server before creating an account', async ({ page }) => {
    const claimedCode = randomGiftCode()
    await sql(
      `insert into "public"."memory_books" ("full_name", "gift_code", "gift_status", "payment_status", "owner_email")
       values ('ספר מתנה', $1, 'claimed', 'paid', 'owner@example.test')`,
      [claimedCode],
    )

    await page.goto('/register?gift=nosuch22')
    await expect(main(page).getByRole('heading', { level: 1, name: strings.register.modes.gift.title })).toBeVisible()
    const email = uniqueEmail('gift')
    await main(page).getByLabel(strings.common.fullName).fill('נועה')
    await main(page).getByLabel(strings.common.email).fill(email)
    await main(page).getByLabel(strings.common.password, { exact: true }).fill('Gift-code-2026')
    await expect(main(page).getByLabel(strings.register.giftCode)).toHaveValue('NOSUCH22')
    await main(page).getByRole('button', { name: strings.register.modes.gift.submit }).click()
    await expect(alertWith(page, strings.register.errors.giftNotFound)).toBeVisible()
    await pageShot(page, 'register-gift')

    await main(page).getByLabel(strings.register.giftCode).fill(` ${claimedCode.toLowerCase()} `)
    await main(page).getByRole('button', { name: strings.register.modes.gift.submit }).click()
    await expect(alertWith(page, strings.register.errors.giftClaimed)).toBeVisible()
    expect(await mailsTo(email)).toHaveLength(0)
  })

  test('an address that is already registered gets its own message', async ({ page }) => {
    const user = await createUser({ label: 'taken' })
    await page.goto('/register')
    await main(page).getByLabel(strings.common.fullName).fill('מישהו')
    await main(page).getByLabel(strings.common.email).fill(user.email)
    await main(page).getByLabel(strings.common.password, { exact: true }).fill('Another-pass-1')
    await main(page).getByRole('button', { name: strings.register.modes.regular.submit }).click()
    await expect(alertWith(page, strings.register.errors.emailTaken)).toBeVisible()
  })

  test('a signed-in user visiting /register is sent to the dashboard', async ({ page }) => {
    const user = await createUser({ label: 'signed-in' })
    await signInThroughUi(page, user)
    await page.goto('/register')
    await page.waitForURL((url) => url.pathname === '/dashboard')
  })
})

test.describe('login', () => {
  test('the login screen, and its messages for missing fields, a wrong password and an unconfirmed e-mail', async ({
    page,
  }) => {
    const user = await createUser({ label: 'wrong-password' })
    const unconfirmed = await createUser({ label: 'unconfirmed', confirmed: false })

    await page.goto('/login?emailConfirmed=true')
    await expect(main(page).getByText(strings.login.emailConfirmed)).toBeVisible()
    await pageShot(page, 'login')

    await main(page).getByRole('button', { name: strings.login.submit, exact: true }).click()
    await expect(alertWith(page, strings.common.requiredFields)).toBeVisible()

    await submitLoginForm(page, user.email, 'not-the-password')
    await expect(alertWith(page, strings.login.errors.invalidCredentials)).toBeVisible()
    await pageShot(page, 'login-wrong-password')

    await submitLoginForm(page, unconfirmed.email, unconfirmed.password)
    await expect(alertWith(page, strings.login.errors.emailNotConfirmed)).toBeVisible()
    await main(page).getByRole('button', { name: strings.login.resendConfirmation }).click()
    await waitForMail(unconfirmed.email)
    await expect(page).toHaveURL(/\/login/)
  })

  test('shows the ownership-transfer notice from the invitation link', async ({ page }) => {
    await page.goto('/login?invite_token=abc&book=1&owner_name=%D7%93%D7%A0%D7%94&ownership_transfer=true')
    await expect(main(page).getByText(strings.login.ownershipTransfer.text.replace('{owner}', 'דנה'))).toBeVisible()
  })

  test('routes a platform admin to /admin-panel and a pending gift code to /gift', async ({ page }) => {
    const admin = await createUser({ platformAdmin: true })
    await signInThroughUi(page, admin, '/admin-panel')
    await signOutThroughHeader(page)

    const user = await createUser({ label: 'gift-claimer' })
    await page.evaluate(() => window.localStorage.setItem('pendingGiftCode', 'abcd2345'))
    await page.goto('/login')
    await submitLoginForm(page, user.email, user.password)
    await page.waitForURL((url) => url.pathname === '/gift')
    expect(new URL(page.url()).searchParams.get('code')).toBe('ABCD2345')
  })
})

test.describe('password reset', () => {
  test('forgot password → recovery e-mail → new password → login with it', async ({ page }) => {
    test.setTimeout(60_000)
    const user = await createUser({ label: 'forgetful', fullName: 'יוסי לוי' })

    await page.goto('/login')
    await main(page).getByRole('link', { name: strings.login.forgotPassword }).click()
    await expect(page).toHaveURL('/reset-password', { timeout: 15_000 })
    await main(page).getByRole('button', { name: strings.resetPassword.submit }).click()
    await expect(alertWith(page, strings.common.emailRequired)).toBeVisible()
    await main(page).getByLabel(strings.common.email).fill(user.email)
    await main(page).getByRole('button', { name: strings.resetPassword.submit }).click()
    await expect(main(page).getByText(strings.resetPassword.sentSpam)).toBeVisible()
    await pageShot(page, 'reset-password-sent')

    const mail = await waitForMail(user.email)
    const link = verifyLink(mail).href
    expect(new URL(link).searchParams.get('redirect_to')).toMatch(/\/update-password$/)
    await page.goto(link)
    await page.waitForURL((url) => url.pathname === '/update-password')

    const newPassword = main(page).getByLabel(strings.updatePassword.password, { exact: true })
    const confirmPassword = main(page).getByLabel(strings.updatePassword.confirmPassword, { exact: true })
    const save = main(page).getByRole('button', { name: strings.updatePassword.submit })
    await expect(newPassword).toBeVisible()

    await newPassword.fill('abcdef1')
    await confirmPassword.fill('abcdef2')
    await save.click()
    await expect(alertWith(page, strings.updatePassword.validation.mismatch)).toBeVisible()

    await newPassword.fill('abc12')
    await confirmPassword.fill('abc12')
    await save.click()
    await expect(alertWith(page, strings.updatePassword.validation.tooShort)).toBeVisible()

    // 6–7 characters pass this screen but not the server's minimum of 8.
    await newPassword.fill('abc1234')
    await confirmPassword.fill('abc1234')
    await save.click()
    await expect(alertWith(page, strings.updatePassword.errors.weakPassword)).toBeVisible()
    await pageShot(page, 'update-password-weak')

    await newPassword.fill('New-password-2026')
    await confirmPassword.fill('New-password-2026')
    await save.click()
    await page.waitForURL((url) => url.pathname === '/login')
    await expect(page.getByText(strings.updatePassword.updated)).toBeVisible()

    await submitLoginForm(page, user.email, user.password)
    await expect(alertWith(page, strings.login.errors.invalidCredentials)).toBeVisible()
    await submitLoginForm(page, user.email, 'New-password-2026')
    await page.waitForURL((url) => url.pathname === '/dashboard')
  })

  test('a used or missing recovery link shows the invalid-link view and moves on to a new request', async ({
    page,
  }) => {
    await page.goto(
      '/update-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    )
    await expect(main(page).getByText(strings.updatePassword.invalidLink.text)).toBeVisible()
    await pageShot(page, 'update-password-invalid')
    await page.waitForURL((url) => url.pathname === '/reset-password', { timeout: 10_000 })
  })
})

test.describe('signed-in header', () => {
  test('greets by full name and signs out from the menu', async ({ page }) => {
    const user = await createUser({ label: 'header', fullName: 'שרה אברהם' })
    await signInThroughUi(page, user)
    const banner = page.getByRole('banner')
    await expect(banner.getByText('שלום, שרה אברהם')).toBeVisible()
    await shot(page, 'accounts-header-signed-in')

    await banner.getByRole('button', { name: strings.header.openMenu }).click()
    const menu = page.getByRole('dialog')
    await expect(menu.getByRole('link', { name: strings.header.dashboard })).toBeVisible()
    await expect(menu.getByRole('link', { name: strings.header.contact })).toHaveAttribute(
      'href',
      /^mailto:.+\?subject=/,
    )
    // No book yet: nothing to share.
    await expect(menu.getByRole('link', { name: strings.header.shareBook })).toHaveCount(0)
    await pageShot(page, 'header-menu')
    await page.keyboard.press('Escape')

    await signOutThroughHeader(page)
    await expect(page.getByText(strings.header.signedOut)).toBeVisible()
    await page.goto('/dashboard')
    await expect(page.getByRole('banner').getByRole('link', { name: he.header.login })).toBeVisible()
  })

  test('greets by e-mail when the account has no name', async ({ page }) => {
    const user = await createUser({ label: 'nameless', fullName: '' })
    await signInThroughUi(page, user)
    await expect(page.getByRole('banner').getByText(`שלום, ${user.email}`)).toBeVisible()
  })
})
