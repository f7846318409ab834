import { describe, expect, it } from 'vitest'
import { shekels } from './price-format'

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
