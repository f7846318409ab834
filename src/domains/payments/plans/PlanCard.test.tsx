import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { t } from '@/i18n/he'
import { PlanCard, type PlanCardProps } from './PlanCard'

const card: PlanCardProps = {
  id: 'basic',
  name: 'basic',
  description: 'for words',
  features: [],
  popular: false,
  price: undefined,
  action: null,
}

const priceLine = () => screen.getByRole('article').querySelector('p.mt-6')!

describe('the plan card', () => {
  it('is busy only while its price is being read', () => {
    const { rerender } = render(<PlanCard {...card} />)
    expect(priceLine()).toHaveAttribute('aria-busy', 'false')
    rerender(<PlanCard {...card} priceLoading />)
    expect(priceLine()).toHaveAttribute('aria-busy', 'true')
  })

  it('says where the price will be shown when it could not be read', () => {
    render(<PlanCard {...card} priceUnavailable />)
    expect(screen.getByText(t('packages.priceUnavailable'))).toBeVisible()
    expect(priceLine()).toHaveAttribute('aria-busy', 'false')
  })

  it('shows the price it was given', () => {
    const price = { plan: 'basic', priceAgorot: 9900, originalPriceAgorot: null, offered: true } as const
    render(<PlanCard {...card} price={price} />)
    expect(screen.getByText(t('packages.priceLabel', { amount: '99' }))).toBeInTheDocument()
  })
})
