import { describe, expect, expectTypeOf, it } from 'vitest'
import { he, t, type TranslationKey } from './he'
import { tFaq } from './faq'

describe('string catalogue', () => {
  it('returns the string at a dotted path', () => {
    expect(t('landing.hero.cta')).toBe('פתיחת ספר זיכרון')
    expect(t('errorFallback.title')).toBe('אירעה תקלה לא צפויה')
  })

  it('fills {variables} from the parameters', () => {
    expect(t('footer.copyright', { year: 2026, company: 'חברה' })).toBe('© 2026 חברה. כל הזכויות שמורות.')
    expect(tFaq('items.support.answer', { email: 'a@b.co' })).toContain('a@b.co')
  })

  it('makes a missing key a type error (and a runtime error)', () => {
    // @ts-expect-error: 'no.such.key' is not a path in the catalogue
    expect(() => t('no.such.key')).toThrow('Missing string in catalogue: no.such.key')
    // @ts-expect-error: a path to a section, not to a string
    expect(() => t('landing.hero')).toThrow()
  })

  it('makes missing variable values a type error', () => {
    // @ts-expect-error: the support answer needs { email }
    expect(tFaq('items.support.answer')).toContain('{email}')
    // @ts-expect-error: a string without variables takes no parameters
    t('landing.hero.cta', { name: 'x' })
  })

  it('derives keys from the catalogue', () => {
    expectTypeOf<'landing.hero.cta'>().toExtend<TranslationKey>()
    expectTypeOf<'routes.notFound'>().toExtend<TranslationKey>()
    expectTypeOf<'landing.hero'>().not.toExtend<TranslationKey>()
  })

  it('holds no empty strings', () => {
    const empty: string[] = []
    const visit = (node: unknown, path: string) => {
      if (typeof node === 'string') {
        if (node.trim() === '') empty.push(path)
        return
      }
      for (const [key, child] of Object.entries(node as Record<string, unknown>))
        visit(child, path ? `${path}.${key}` : key)
    }
    visit(he, '')
    expect(empty).toEqual([])
  })
})
