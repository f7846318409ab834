import { expect, test, type Page } from '@playwright/test'
import { t } from '../src/i18n/he'
import { faqStrings } from '../src/i18n/faq'
import { tSupportChat } from '../src/i18n/support-chat'
import { sql } from '../supabase/local/testing/index.ts'

/** Pages, chunks and the function's first start are slow on a busy machine: wait for arrivals longer. */
const arrive = expect.configure({ timeout: 30_000 })
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR ?? 'e2e/artifacts'

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
      if (request.url().includes('support-chat/SupportChatDialog')) chatRequests.push(request.url())
    })

    await page.goto('/')
    await arrive(page.getByRole('heading', { level: 1, name: t('landing.hero.title') })).toBeVisible()
    const button = chatButton(page)
    await arrive(button).toBeVisible()
    // The conversation is downloaded only when the visitor reaches for the button.
    expect(chatRequests).toEqual([])
    await page.screenshot({ path: `${SCREENSHOTS}/support-chat-button-412.png` })

    await button.click()
    const dialog = page.getByRole('dialog', { name: tSupportChat('title') })
    await arrive(dialog).toBeVisible()
    expect(chatRequests.length).toBeGreaterThan(0)
    await page.screenshot({ path: `${SCREENSHOTS}/support-chat-open-412.png` })
    const input = dialog.getByRole('textbox', { name: tSupportChat('inputLabel') })
    await expect(input).toBeFocused()
    await expect(dialog.getByRole('link', { name: 'support@zochrim.co.il' })).toBeVisible()

    const question = `כמה זה עולה? ${Date.now()}`
    await input.fill(question)
    await input.press('Enter')
    const log = dialog.getByRole('log', { name: tSupportChat('conversationLabel') })
    await arrive(log).toContainText(faqStrings.items.price.answer)
    await expect(input).toHaveValue('')
    await page.screenshot({ path: `${SCREENSHOTS}/support-chat-answer-412.png` })

    await dialog.getByRole('button', { name: tSupportChat('rating.star', { value: 4 }) }).click()
    await dialog.getByRole('button', { name: tSupportChat('rating.yes'), exact: true }).click()
    await dialog.getByRole('button', { name: tSupportChat('rating.submit') }).click()
    await arrive(dialog.getByRole('status')).toContainText(tSupportChat('rating.thanks'))
    await page.screenshot({ path: `${SCREENSHOTS}/support-chat-rated-412.png` })

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()

    await expect.poll(() => chatOfQuestion(question)).toMatchObject({ rating: 4, resolved: true, messages: 2 })
    const stored = await chatOfQuestion(question)
    expect(stored!.intent).toBe('pricing')
    expect(stored!.answer).toContain(faqStrings.items.price.answer)
  })

  test('the chat button is on the FAQ and how-it-works pages, and leaves with the visitor for the terms of service', async ({
    page,
  }) => {
    await page.goto('/how-it-works')
    await arrive(chatButton(page)).toBeVisible()
    await page.goto('/faq')
    await arrive(chatButton(page)).toBeVisible()
    await page.keyboard.press('End')
    await page.screenshot({ path: `${SCREENSHOTS}/support-chat-faq-bottom-412.png` })
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: t('footer.terms') })
      .click()
    await arrive(page).toHaveURL(/\/terms-of-service$/)
    await arrive(chatButton(page)).toHaveCount(0)
  })
})
