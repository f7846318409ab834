import { afterEach, describe, expect, it } from 'vitest'
import { arrowStep } from './arrow-step'

afterEach(() => {
  document.documentElement.dir = ''
})

describe('arrowStep', () => {
  it('in right-to-left the left arrow goes to the next item, where the next button is', () => {
    document.documentElement.dir = 'rtl'
    expect([arrowStep('ArrowLeft'), arrowStep('ArrowRight'), arrowStep('Enter')]).toEqual([1, -1, 0])
  })

  it('in left-to-right the right arrow goes to the next item', () => {
    document.documentElement.dir = 'ltr'
    expect([arrowStep('ArrowLeft'), arrowStep('ArrowRight')]).toEqual([-1, 1])
  })
})
