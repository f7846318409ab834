import { describe, expect, it } from 'vitest'
import { featureFromParam, planFeatures, planFromParam, recipientFromParam } from './plans'

describe('payment link parameters', () => {
  it.each([
    ['basic', 'basic'],
    ['pro', 'pro'],
    ['full', 'full'],
    ['premium', null],
    ['onboarding', null],
    ['gold', null],
    [null, null],
  ])('plan %j → %j', (value, plan) => {
    expect(planFromParam(value)).toBe(plan)
  })

  it('reads the recipient type, for_me unless it says gift', () => {
    expect(recipientFromParam('gift')).toBe('gift')
    expect(recipientFromParam('for_me')).toBe('for_me')
    expect(recipientFromParam('additional_book')).toBe('for_me')
    expect(recipientFromParam(null)).toBe('for_me')
  })

  it('knows the three paid features only', () => {
    expect(featureFromParam('slideshow')).toBe('slideshow')
    expect(featureFromParam('advanced_sharing')).toBe('advanced_sharing')
    expect(featureFromParam('add_memories')).toBe('add_memories')
    expect(featureFromParam('qr')).toBeNull()
  })

  it('gives each higher plan everything of the lower one', () => {
    expect(planFeatures.pro).toEqual(expect.arrayContaining([...planFeatures.basic]))
    expect(planFeatures.full).toEqual(expect.arrayContaining([...planFeatures.pro]))
    expect(planFeatures.basic).not.toContain('photos')
    expect(planFeatures.pro).not.toContain('videos')
  })
})
