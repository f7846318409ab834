import { describe, expect, it } from 'vitest'
import { memoryFormSchema } from './memory-form'

const valid = { fullName: 'שרה', relation: 'friend', text1: '', text2: 'רגע', text3: '' }

function firstError(result: ReturnType<ReturnType<typeof memoryFormSchema>['safeParse']>) {
  return result.success
    ? null
    : { path: result.error.issues[0]?.path.join('.'), message: result.error.issues[0]?.message }
}

describe('the add-memory form', () => {
  it('accepts a name, a relation and one text', () => {
    expect(memoryFormSchema({ asFamily: false }).safeParse(valid).success).toBe(true)
  })

  it.each([
    [{ fullName: '  ' }, 'fullName', 'אנא כתבו את שמכם'],
    [{ relation: '' }, 'relation', 'אנא בחרו את הקשר שלכם'],
    [{ text2: '   ' }, 'text1', 'אנא כתב לפחות זיכרון אחד'],
    [{ fullName: 'א'.repeat(101) }, 'fullName', 'השם יכול להכיל עד 100 תווים'],
    [{ text2: 'א'.repeat(5001) }, 'text2', 'כל זיכרון יכול להכיל עד 5,000 תווים'],
  ])('refuses %j (%s)', (change, path, message) => {
    expect(firstError(memoryFormSchema({ asFamily: false }).safeParse({ ...valid, ...change }))).toEqual({
      path,
      message,
    })
  })

  it('needs no relation from family-code entrants', () => {
    expect(memoryFormSchema({ asFamily: true }).safeParse({ ...valid, relation: '' }).success).toBe(true)
  })
})
