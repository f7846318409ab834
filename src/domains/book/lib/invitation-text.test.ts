import { describe, expect, it } from 'vitest'
import { buildInvitationText } from './invitation-text'

const link = 'https://zochrim.co.il/share/RACHEL23'

describe('buildInvitationText', () => {
  it('invites in the sharer’s name to the book of the deceased, with the honorific and the link', () => {
    expect(buildInvitationText({ sharerName: 'מיכל', deceasedName: 'רחל אברהמי', message: '', link })).toBe(
      [
        'הזמנה מאת מיכל: לשתף זיכרון בספר הזיכרון של רחל אברהמי ז״ל.',
        'כל סיפור, רגע או מילה טובה יישמרו בספר, לזיכרון עולם.',
        `לכתיבת זיכרון: ${link}`,
      ].join('\n\n'),
    )
  })

  it('puts the personal message, trimmed, after the opening', () => {
    const text = buildInvitationText({
      sharerName: 'מיכל',
      deceasedName: 'רחל',
      message: '  אמא הייתה שמחה לקרוא  ',
      link,
    })
    expect(text.split('\n\n')[1]).toBe('אמא הייתה שמחה לקרוא')
  })

  it("says 'המשפחה' without a sharer name and 'יקירנו' without the deceased's name", () => {
    const text = buildInvitationText({ sharerName: '  ', deceasedName: '', message: '', link })
    expect(text.startsWith('הזמנה מאת המשפחה: לשתף זיכרון בספר הזיכרון של יקירנו.')).toBe(true)
  })

  it('does not add a second honorific', () => {
    const text = buildInvitationText({ sharerName: 'דני', deceasedName: 'הרב יוסף זצ"ל', message: '', link })
    expect(text).toContain('של הרב יוסף זצ"ל.')
    expect(text).not.toContain('ז״ל')
  })
})
