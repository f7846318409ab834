import { describe, expect, it } from 'vitest'
import * as rule from '@shared/honorific.ts'

const cases: Array<[name: string, expected: string]> = [
  ['רחל אברהמי', 'רחל אברהמי ז״ל'],
  ['  רחל   אברהמי  ', 'רחל אברהמי ז״ל'],
  ['רחל אברהמי ז״ל', 'רחל אברהמי ז״ל'],
  ['רחל אברהמי ז"ל', 'רחל אברהמי ז"ל'],
  ['רחל אברהמי ז”ל', 'רחל אברהמי ז”ל'],
  ["רחל אברהמי ז''ל", "רחל אברהמי ז''ל"],
  ['הרב יוסף זצ״ל', 'הרב יוסף זצ״ל'],
  ['דוד כהן הי״ד', 'דוד כהן הי״ד'],
  ['שרה לוי ע״ה', 'שרה לוי ע״ה'],
  ['משה לוי זכרונו לברכה', 'משה לוי זכרונו לברכה'],
  ['שרה (ע"ה)', 'שרה (ע"ה)'],
  ['משה לוי ז״ל.', 'משה לוי ז״ל.'],
  // A name that merely contains the letters is not an honorific.
  ['זלמן', 'זלמן ז״ל'],
  ['אבי הידד', 'אבי הידד ז״ל'],
  ['', ''],
  ['   ', ''],
]

// One rule for the app and the functions (the share preview, the e-mails' frame): shared/honorific.ts.
describe('the deceased honorific', () => {
  it.each(cases)('%j → %j', (name, expected) => {
    expect(rule.withHonorific(name)).toBe(expected)
  })

  it('treats a missing name as empty', () => {
    expect(rule.withHonorific(null)).toBe('')
    expect(rule.withHonorific(undefined)).toBe('')
  })

  it("refers to the deceased as 'יקירנו' when no name is known", () => {
    expect(rule.deceasedReference('')).toBe('יקירנו')
    expect(rule.deceasedReference(null)).toBe('יקירנו')
    expect(rule.deceasedReference('רחל')).toBe('רחל ז״ל')
  })
})
