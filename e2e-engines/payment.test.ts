/**
 * A newcomer's way to a book in WebKit and Firefox on a 412 px phone: the onboarding wizard, the
 * registration and its confirmation e-mail, the payment on the sandbox's PayPlus page, and the book
 * created from the return link, its dates typed as an iPhone's number pad types them.
 */
import { expect, it } from 'vitest'
import { accountsStrings as strings } from '../src/domains/accounts/strings/accounts'
import { booksStrings } from '../src/domains/book/strings/books'
import { paymentStrings } from '../src/domains/payments/strings/payment'
import { booksOwnedBy, uniqueEmail, verifyLink, waitForMail } from '../supabase/local/testing/index.ts'
import { waitUntil } from './harness/engine.ts'
import { forEachEngine, pageText, waitForPath, waitForText } from './harness/journey.ts'

const paymentsUrl = process.env.PAYMENTS_URL ?? 'http://127.0.0.1:55326'

forEachEngine('onboarding → payment → book', (page, engine) => {
  it('a newcomer answers the wizard, registers, confirms by e-mail, pays on the payment page and creates the book', async () => {
    await page().goto('/onboarding')
    await page().click({ text: strings.onboarding.relationship.options.parent })
    await page().click({ text: strings.onboarding.next })
    await page().type({ label: strings.onboarding.name.label }, 'משה כהן')
    await page().click({ text: strings.onboarding.next })
    await page().click({ text: strings.onboarding.start.cta })
    await waitForPath(page(), /^\/register$/)

    const email = uniqueEmail(`onboarded-${engine}`)
    await page().type({ label: strings.common.fullName }, 'רחל כהן')
    await page().type({ label: strings.common.email }, email)
    await page().type({ label: strings.common.password }, 'Remember-2026')
    await page().click({ text: strings.register.modes.onboarding.submit })
    await waitForPath(page(), /^\/email-confirmation$/)
    await page().goto(verifyLink(await waitForMail(email)).href)
    await waitForPath(page(), /^\/payment\?/)

    await page().goto('/payment?plan=pro&type=for_me')
    await waitUntil('the price', () =>
      page().run<boolean>(`return document.querySelector('[data-testid="final-price"]')?.textContent === '149 ₪'`),
    )
    await page().click({ text: paymentStrings.actions.pay })
    await waitUntil('the payment page', async () => (await page().url()).startsWith(`${paymentsUrl}/payplus/`))
    expect(await pageText(page())).toContain('149.00')
    await page().click({ text: /^לתשלום/ })

    await waitForPath(page(), /^\/create-book\?session_id=pp_[^&]+&plan=pro&paid=true/)
    // The wizard's answer names the deceased, the account names the creator.
    await waitUntil('the names from the wizard and the account', () =>
      page().run<boolean>(
        `const values = [...document.querySelectorAll('input')].map((field) => field.value)
         return values.includes(arguments[0]) && values.includes(arguments[1])`,
        'משה כהן',
        'רחל כהן',
      ),
    )
    await page().type({ label: booksStrings.fields.birthDate }, '14031938')
    await page().type({ label: booksStrings.fields.deathDate }, '02102025')
    await page().click({ text: booksStrings.create.submit })

    await waitForPath(page(), /^\/dashboard/)
    await waitForText(page(), 'משה כהן ז״ל')
    const [book] = await booksOwnedBy(email)
    expect(book).toMatchObject({
      full_name: 'משה כהן',
      plan_type: 'pro',
      payment_status: 'paid',
      birth_date: '1938-03-14',
      death_date: '2025-10-02',
    })
  })
})
