import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { tSupportChat } from '@/domains/support-chat/strings/support-chat'
import { Refusal } from '@/lib/refusal'
import type { ChatReply } from '@contracts/support-chat.ts'
import type { ChatQuestion } from '../api/ask-support-chat'
import type { ChatRating } from '../api/rate-support-chat'
import SupportChatLauncher from './SupportChatLauncher'

const askSupportChat = vi.fn<(question: ChatQuestion) => Promise<ChatReply>>()
const rateSupportChat = vi.fn<(rating: ChatRating) => Promise<void>>()
vi.mock('../api/ask-support-chat', async () => ({
  useAskSupportChat: (await import('@/test/mutation-hook')).mutationHookOf((question: ChatQuestion) =>
    askSupportChat(question),
  ),
}))
vi.mock('../api/rate-support-chat', async () => ({
  useRateSupportChat: (await import('@/test/mutation-hook')).mutationHookOf((rating: ChatRating) =>
    rateSupportChat(rating),
  ),
}))

const session = { id: 'chat_0123456789abcdef', token: 'token-0123456789abcdef' }

async function openChat() {
  const user = userEvent.setup()
  render(<SupportChatLauncher />)
  await user.click(screen.getByRole('button', { name: tSupportChat('open') }))
  const input = await screen.findByRole('textbox', { name: tSupportChat('inputLabel') })
  return { user, input }
}

describe('support chat', { timeout: 30_000 }, () => {
  beforeEach(() => {
    askSupportChat.mockReset()
    rateSupportChat.mockReset()
  })

  it('opens with the question field focused, and Escape closes it and returns focus to the button', async () => {
    const { user, input } = await openChat()
    expect(screen.getByRole('dialog', { name: tSupportChat('title') })).toBeInTheDocument()
    expect(input).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: tSupportChat('open') })).toHaveFocus()
  })

  it("shows the server's answer, then sends the rating with the session it was given", async () => {
    askSupportChat.mockResolvedValue({ session, intent: 'pricing', answer: 'תשובת המחיר' })
    rateSupportChat.mockResolvedValue()
    const { user, input } = await openChat()
    await user.type(input, 'כמה זה עולה?{Enter}')
    expect(askSupportChat).toHaveBeenCalledWith({ text: 'כמה זה עולה?', session: null })
    expect(await screen.findByText('תשובת המחיר')).toBeInTheDocument()
    expect(input).toHaveValue('')

    await user.click(screen.getByRole('button', { name: tSupportChat('rating.star', { value: 5 }) }))
    await user.click(screen.getByRole('button', { name: tSupportChat('rating.no') }))
    await user.click(screen.getByRole('button', { name: tSupportChat('rating.submit') }))
    expect(rateSupportChat).toHaveBeenCalledWith({ session, rating: 5, resolved: false })
    expect(await screen.findByRole('status')).toHaveTextContent(tSupportChat('rating.thanksUnresolved'))
  })

  it('keeps the question and shows the refusal when sending fails', async () => {
    askSupportChat.mockRejectedValue(new Refusal(429, 'rate_limited', 'יותר מדי ניסיונות'))
    const { user, input } = await openChat()
    await user.type(input, 'שאלה חשובה{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('יותר מדי ניסיונות')
    expect(input).toHaveValue('שאלה חשובה')
  })
})
