import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { brand } from '@/config/brand'
import { tFaq } from '@/i18n/faq'
import { planWords } from '@shared/price-format.ts'
import { FaqAccordion } from './FaqAccordion'

const prices = planWords({ basic: 9900, pro: 14900, full: 19900 })

function question(id: 'whatIs' | 'howLong' | 'price' | 'support') {
  return screen.getByRole('button', { name: tFaq(`items.${id}.question`) })
}

describe('FAQ accordion', () => {
  it('starts closed', () => {
    render(<FaqAccordion prices={prices} />)
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('keeps one answer open at a time', async () => {
    const user = userEvent.setup()
    render(<FaqAccordion prices={prices} />)

    await user.click(question('whatIs'))
    expect(question('whatIs')).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText(tFaq('items.whatIs.answer'))).toBeVisible()

    await user.click(question('price'))
    expect(question('price')).toHaveAttribute('aria-expanded', 'true')
    expect(question('whatIs')).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByText(tFaq('items.price.answer', prices!))).toBeVisible()
    expect(screen.queryByText(tFaq('items.whatIs.answer'))).not.toBeInTheDocument()
    expect(screen.getAllByRole('region')).toHaveLength(1)
  })

  it('closes the open answer when its question is pressed again', async () => {
    const user = userEvent.setup()
    render(<FaqAccordion prices={prices} />)

    await user.click(question('howLong'))
    await user.click(question('howLong'))
    expect(question('howLong')).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('labels each answer with its question and fills in the support address', async () => {
    const user = userEvent.setup()
    render(<FaqAccordion prices={prices} />)

    await user.click(question('support'))
    const answer = screen.getByRole('region', { name: tFaq('items.support.question') })
    expect(answer).toHaveTextContent(brand.supportEmail)
    expect(answer).not.toHaveTextContent('{email}')
  })

  it('names the prices it is given in the price answer, and the plans alone until they come', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<FaqAccordion prices={null} />)

    await user.click(question('price'))
    const answer = screen.getByRole('region', { name: tFaq('items.price.question') })
    expect(answer).toHaveTextContent('חבילה בסיסית כוללת זיכרונות כתובים ללא הגבלה')
    expect(answer).not.toHaveTextContent('₪')
    rerender(<FaqAccordion prices={planWords({ basic: 12300, pro: 45600, full: 78900 })} />)
    expect(answer).toHaveTextContent('חבילה בסיסית עולה 123 ₪')
    expect(answer).toHaveTextContent('חבילת פרו עולה 456 ₪')
    expect(answer).not.toHaveTextContent('{')
  })

  it('moves between questions with the arrow keys', async () => {
    const user = userEvent.setup()
    render(<FaqAccordion prices={prices} />)
    const buttons = screen.getAllByRole('button')

    buttons[0]?.focus()
    await user.keyboard('{ArrowDown}')
    expect(buttons[1]).toHaveFocus()
    await user.keyboard('{End}')
    expect(buttons.at(-1)).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(buttons[0]).toHaveFocus()
  })
})
