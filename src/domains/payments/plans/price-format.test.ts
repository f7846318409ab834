import { describe, expect, it } from 'vitest'
import { planWords, shekels } from '@shared/price-format.ts'

describe('shekels', () => {
  it.each([
    [14900, '149'],
    [7450, '74.5'],
    [8420, '84.2'],
    [0, '0'],
    [19900, '199'],
  ])('%d agorot → %s', (agorot, shown) => {
    expect(shekels(agorot)).toBe(shown)
  })
})

describe('planWords', () => {
  it("names every plan with its price in shekels, or nothing while a plan's price is missing", () => {
    expect(planWords({ basic: 9900, pro: 14950, full: 19900 })).toEqual({
      basicName: 'חבילה בסיסית',
      basicPrice: '99',
      proName: 'חבילת פרו',
      proPrice: '149.5',
      fullName: 'החבילה המלאה',
      fullPrice: '199',
    })
    expect(planWords({ basic: 9900, pro: 14900 })).toBeNull()
  })
})
