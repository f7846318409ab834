/**
 * Family admins and ownership transfer on a 412 px phone: the owner invites an admin,
 * a new user signs up through the link (confirming by the e-mail in the mailbox), joins and reads
 * the private book without the code; the used link is refused. Then the owner hands a book to
 * another user, who waits read-only until the owner approves, and owns it afterwards.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { dashboardStrings } from '../src/i18n/dashboard'
import { familyAdminsStrings as strings } from '../src/domains/family-admins/strings/family-admins'
import {
  addMemory,
  createBook,
  createUser,
  linksIn,
  uniqueEmail,
  verifyLink,
  waitForMail,
} from '../supabase/local/testing/index.ts'
import { signInThroughUi, signOutThroughHeader, submitLoginForm } from './fixtures/session'
import { shot } from './fixtures/screenshots'

/** The dev server compiles each screen on its first visit; on a loaded machine that takes a while. */
const expect = baseExpect.configure({ timeout: 60_000 })

async function pageShot(page: Page, name: string): Promise<void> {
  await shot(page, `family-admins-${name}`, { fullPage: true })
}

function main(page: Page) {
  return page.getByRole('main')
}

test('the owner invites an admin, who signs up through the link, confirms, joins and reads the private book; the used link is refused', async ({
  page,
}) => {
  test.setTimeout(720_000)
  const owner = await createUser({ label: 'fa-owner', fullName: 'רות אהרוני' })
  const book = await createBook({ ownerEmail: owner.email, isPublic: false, plan: 'pro', fullName: 'משה אהרוני' })
  await addMemory(book, { fullName: 'דודה חנה', texts: ['הוא תמיד שר בשבת', null, null] })

  await signInThroughUi(page, owner)
  await page.goto(`/add-family-admin?book=${book.id}`)
  await expect(main(page).getByRole('heading', { name: strings.add.title })).toBeVisible()
  await expect(main(page).getByText(strings.add.noAdmins)).toBeVisible()
  await main(page).getByRole('button', { name: strings.add.submit }).click()
  await expect(main(page).getByText(strings.add.fillAll)).toBeVisible()
  await main(page).getByLabel(strings.add.fullName).fill('שרה לוי')
  await main(page).getByLabel(strings.add.contact).fill('sara@example.test')
  await main(page).getByRole('button', { name: strings.add.submit }).click()
  const linkField = main(page).getByLabel(strings.add.linkLabel)
  await expect(linkField).toBeVisible()
  const link = await linkField.inputValue()
  expect(link).toContain('/family-admin-register?token=')
  await expect(main(page).getByRole('link', { name: strings.common.whatsapp })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\//,
  )
  await expect(main(page).getByRole('button', { name: strings.add.cancelInvitation })).toBeVisible()
  await pageShot(page, 'add-admin-link')
  await signOutThroughHeader(page)

  const joinerEmail = uniqueEmail('fa-joiner')
  await page.goto(link)
  await expect(main(page).getByRole('heading', { name: strings.register.title })).toBeVisible()
  await expect(main(page).getByText('משה אהרוני', { exact: false })).toBeVisible()
  await expect(main(page).getByLabel(strings.register.fullName)).toHaveValue('')
  await main(page).getByLabel(strings.register.fullName).fill('שרה לוי')
  await pageShot(page, 'register-sign-up')
  await main(page).getByLabel(strings.register.email).fill(joinerEmail)
  await main(page).getByLabel(strings.register.password, { exact: true }).fill('Joiner-2026!')
  await main(page).getByRole('button', { name: strings.register.signUpSubmit }).click()
  await expect(main(page).getByText(strings.register.checkEmailTitle)).toBeVisible()
  await pageShot(page, 'register-check-email')

  const confirmation = verifyLink(await waitForMail(joinerEmail))
  expect(confirmation.searchParams.get('redirect_to')).toContain('/family-admin-register?token=')
  await page.goto(confirmation.toString())
  // Back from the e-mail, signed in: the join finishes by itself and opens the book.
  await expect(page).toHaveURL(new RegExp(`/view-book/${book.shortCode}$`))
  await expect(main(page).getByText('הוא תמיד שר בשבת')).toBeVisible()
  await pageShot(page, 'admin-reads-private-book')
  await waitForMail(owner.email, { subject: 'מצטרפים חדשים לניהול' })

  await page.goto('/dashboard')
  await expect(main(page).getByText(dashboardStrings.profile.readOnly)).toBeVisible()
  await pageShot(page, 'admin-dashboard-read-only')

  await page.goto(link)
  await expect(main(page).getByRole('alert').filter({ hasText: 'כבר השתמשו בקישור ההזמנה הזה' }).first()).toBeVisible()
  await expect(main(page).getByRole('button', { name: strings.register.joinNow })).toHaveCount(0)
  await pageShot(page, 'used-link-refused')
})

test('the owner hands the book to another user, who waits read-only until the owner approves, then owns it', async ({
  page,
}) => {
  test.setTimeout(720_000)
  const owner = await createUser({ label: 'tr-owner', fullName: 'אבי כהן' })
  const invitee = await createUser({ label: 'tr-invitee', fullName: 'נועה כהן' })
  const book = await createBook({ ownerEmail: owner.email, isPublic: false, plan: 'pro', fullName: 'שושנה כהן' })

  await signInThroughUi(page, owner)
  await page.goto(`/admin-dashboard?book=${book.id}`)
  await expect(main(page).getByRole('heading', { name: strings.transfer.title })).toBeVisible()
  await main(page).getByLabel(strings.transfer.email).fill(invitee.email)
  await main(page).getByRole('button', { name: strings.transfer.submit }).click()
  await expect(main(page).getByText(strings.transfer.sent.replace('{email}', invitee.email))).toBeVisible()
  await expect(
    main(page).getByText(strings.transfer.waitingRegistration.replace('{email}', invitee.email)),
  ).toBeVisible()
  await pageShot(page, 'transfer-invited')
  await signOutThroughHeader(page)

  const invitation = await waitForMail(invitee.email, { subject: 'הוזמנתם לקבל' })
  const transferLink = linksIn(invitation).find((href) => href.includes('invite_token='))!
  await page.goto(transferLink)
  await expect(main(page).getByText('לאחר ההתחברות, הבקשה תישלח אל אבי כהן לאישור.')).toBeVisible()
  await pageShot(page, 'transfer-login-banner')
  await submitLoginForm(page, invitee.email, invitee.password)
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 60_000 })
  await expect(main(page).getByText(strings.waiting.title)).toBeVisible()
  await expect(main(page).getByText(strings.waiting.readOnly)).toBeVisible()
  await expect(main(page).getByRole('heading', { name: dashboardStrings.grid.title })).toHaveCount(0)
  await pageShot(page, 'transfer-invitee-waiting')
  await signOutThroughHeader(page)

  await signInThroughUi(page, owner)
  await expect(main(page).getByText(strings.transfer.waitingApproval.replace('{email}', invitee.email))).toBeVisible()
  await pageShot(page, 'transfer-owner-approval')
  await main(page).getByRole('button', { name: strings.transfer.approve }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: strings.transfer.approveConfirm }).click()
  await expect(page.getByText(strings.transfer.approved.replace('{email}', invitee.email))).toBeVisible()
  await expect(main(page).getByText(dashboardStrings.profile.readOnly)).toBeVisible()
  await pageShot(page, 'transfer-old-owner-now-admin')
  await waitForMail(owner.email, { subject: 'הועברה' })
  await signOutThroughHeader(page)

  await signInThroughUi(page, invitee)
  await expect(main(page).getByRole('link', { name: dashboardStrings.grid.addAdmin })).toBeVisible()
  await expect(main(page).getByText(strings.waiting.title)).toHaveCount(0)
  await pageShot(page, 'transfer-new-owner-dashboard')
  await waitForMail(invitee.email, { subject: 'עבר לבעלותכם' })
})
