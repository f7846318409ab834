import { expect, test, type Page } from '@playwright/test'
import { t } from '../src/i18n/he'
import { tFaq } from '../src/i18n/faq'
import { planWords } from '../shared/price-format.ts'
import { tSupportChat } from '../src/domains/support-chat/strings/support-chat'
import { sql } from '../supabase/local/testing/index.ts'
import { shot } from './fixtures/screenshots'

/** The FAQ's price answer at the demo price table: basic 99, pro 149, full 199. */
const seededPriceAnswer = tFaq('items.price.answer', planWords({ basic: 9900, pro: 14900, full: 19900 })!)

/** Pages, chunks and the function's first start are slow on a busy machine: wait for arrivals longer. */
const arrive = expect.configure({ timeout: 30_000 })

function chatButton(page: Page) {
  return page.getByRole('button', { name: tSupportChat('open') })
}

interface StoredChat {
  rating: number | null
  resolved: boolean
  messages: number
  answer: string | null
  intent: string | null
}

async function chatOfQuestion(question: string): Promise<StoredChat | undefined> {
  const [row] = await sql<StoredChat>(
    `select s."user_satisfaction" as "rating", s."resolved", s."message_count" as "messages",
            (select b."message_text" from "public"."chat_messages" b
              where b."session_id" = s."session_id" and b."is_bot" order by b."timestamp" limit 1) as "answer",
            q."intent"
       from "public"."chat_messages" q join "public"."chat_sessions" s on s."session_id" = q."session_id"
      where q."message_text" = $1 and not q."is_bot"`,
    [question],
  )
  return row
}

test.describe('support chat', () => {
  test.describe.configure({ timeout: 120_000 })

  test('a visitor asks about the price on the landing page, is answered, rates the answer, and it is recorded', async ({
    page,
  }) => {
    const chatRequests: string[] = []
    page.on('request', (request) => {
      // The dialog's module: src/domains/support-chat/ui/SupportChatDialog.tsx, or its built chunk SupportChatDialog-<hash>.js.
      if (/\/SupportChatDialog[.-]/.test(new URL(request.url()).pathname)) chatRequests.push(request.url())
    })

    await page.goto('/')
    await arrive(page.getByRole('heading', { level: 1, name: t('landing.hero.title') })).toBeVisible()
    const button = chatButton(page)
    await arrive(button).toBeVisible()
    // The conversation is downloaded only when the visitor reaches for the button.
    expect(chatRequests).toEqual([])
    await shot(page, 'support-chat-button-412')

    await button.click()
    const dialog = page.getByRole('dialog', { name: tSupportChat('title') })
    await arrive(dialog).toBeVisible()
    expect(chatRequests.length).toBeGreaterThan(0)
    await shot(page, 'support-chat-open-412')
    const input = dialog.getByRole('textbox', { name: tSupportChat('inputLabel') })
    await expect(input).toBeFocused()
    await expect(dialog.getByRole('link', { name: 'support@zochrim.co.il' })).toBeVisible()

    const question = `כמה זה עולה? ${Date.now()}`
    await input.fill(question)
    await input.press('Enter')
    const log = dialog.getByRole('log', { name: tSupportChat('conversationLabel') })
    await arrive(log).toContainText(seededPriceAnswer)
    await expect(input).toHaveValue('')
    await shot(page, 'support-chat-answer-412')

    await dialog.getByRole('button', { name: tSupportChat('rating.star', { value: 4 }) }).click()
    await dialog.getByRole('button', { name: tSupportChat('rating.yes'), exact: true }).click()
    await dialog.getByRole('button', { name: tSupportChat('rating.submit') }).click()
    await arrive(dialog.getByRole('status')).toContainText(tSupportChat('rating.thanks'))
    await shot(page, 'support-chat-rated-412')

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()

    await expect.poll(() => chatOfQuestion(question)).toMatchObject({ rating: 4, resolved: true, messages: 2 })
    const stored = await chatOfQuestion(question)
    expect(stored!.intent).toBe('pricing')
    expect(stored!.answer).toContain(seededPriceAnswer)
  })

  test('the chat button is on the FAQ and how-it-works pages, and leaves with the visitor for the terms of service', async ({
    page,
  }) => {
    await page.goto('/how-it-works')
    await arrive(chatButton(page)).toBeVisible()
    await page.goto('/faq')
    await arrive(chatButton(page)).toBeVisible()
    await page.keyboard.press('End')
    await shot(page, 'support-chat-faq-bottom-412')
    // At the end of the page the floating button leaves the footer's last line readable.
    const copyright = page.getByRole('contentinfo').getByText(/©/)
    await arrive(copyright).toBeInViewport()
    const clearance = async () => {
      const [line, button] = await Promise.all([copyright.boundingBox(), chatButton(page).boundingBox()])
      return button!.y - (line!.y + line!.height)
    }
    await expect.poll(clearance, { timeout: 10_000 }).toBeGreaterThanOrEqual(0)
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: t('footer.terms') })
      .click()
    await arrive(page).toHaveURL(/\/terms-of-service$/)
    await arrive(chatButton(page)).toHaveCount(0)
  })

  test('the FAQ and the chat name the prices the price table holds now', async ({ page }) => {
    const [seeded] = await sql<{ basic: number; pro: number; full: number }>(
      `select max("price_agorot") filter (where "plan_type" = 'basic') as "basic",
              max("price_agorot") filter (where "plan_type" = 'pro') as "pro",
              max("price_agorot") filter (where "plan_type" = 'full') as "full"
         from "public"."plan_prices"`,
    )
    const setPrices = (prices: { basic: number; pro: number; full: number }) =>
      sql(
        `update "public"."plan_prices" set "price_agorot" = case "plan_type"
           when 'basic' then $1::integer when 'pro' then $2::integer else $3::integer end`,
        [prices.basic, prices.pro, prices.full],
      )
    await setPrices({ basic: 12300, pro: 17600, full: 21900 })
    try {
      await page.goto('/faq')
      const answer = tFaq('items.price.answer', planWords({ basic: 12300, pro: 17600, full: 21900 })!)
      await arrive(page.getByText(answer)).toBeVisible()
      await expect(page.getByText(seededPriceAnswer)).toHaveCount(0)
      await shot(page, 'faq-prices-from-table-412')

      await chatButton(page).click()
      const dialog = page.getByRole('dialog', { name: tSupportChat('title') })
      const input = dialog.getByRole('textbox', { name: tSupportChat('inputLabel') })
      await input.fill('כמה זה עולה?')
      await input.press('Enter')
      const log = dialog.getByRole('log', { name: tSupportChat('conversationLabel') })
      await arrive(log).toContainText(answer)
      await expect(log).toContainText('החבילה המלאה עולה 219 ₪')
    } finally {
      await setPrices(seeded!)
    }
  })
})
