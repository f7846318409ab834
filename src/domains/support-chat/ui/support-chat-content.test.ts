import { describe, expect, it } from 'vitest'
import {
  CHAT_INTENTS,
  FAQ_TEXT,
  answerQuestion,
  chatAnswer,
  classifyIntent,
  type ChatIntent,
} from '../../../../supabase/functions/support-chat/answers.ts'
import { faqStrings } from '@/i18n/faq'
import { planWords } from '@shared/price-format.ts'

/** The words an answer fills in: a support address and the seeded prices. */
function wordsWith(email: string, prices = { basic: 9900, pro: 14900, full: 19900 }) {
  return { email, ...planWords(prices) }
}

const phrasings: Record<ChatIntent, string[]> = {
  pricing: [
    'כמה זה עולה?',
    'מה המחיר?',
    'כמה עולה ספר זיכרון',
    'מה העלות של חבילת הפרו?',
    'האם זה בחינם?',
    'יש הנחה או קופון?',
    'כמה שקלים צריך לשלם',
    'איך משלמים?',
    'מה ההבדל בין החבילות',
    'זה יקר',
    'המחירים בש"ח?',
    'כמה עולָה?',
  ],
  gift: [
    'אפשר לתת ספר במתנה?',
    'איך נותנים ספר זיכרון כמתנה למשפחה אבלה',
    'קיבלתי קוד מתנה, מה עושים איתו?',
    'רוצה להעניק ספר לחברה שאיבדה את אמא',
    'כמה עולה מתנה?',
  ],
  technical: [
    'האתר לא עובד',
    'יש לי תקלה בהעלאת תמונה',
    'קיבלתי הודעת שגיאה',
    'הדף לא נטען',
    'לא קיבלתי מייל אישור',
    'אני לא מצליחה להתחבר',
    'התשלום נתקע',
    'יש בעיה עם הקישור',
  ],
  family_code: [
    'מה זה הקוד המשפחתי?',
    'שכחתי את קוד המשפחה',
    'איפה מוצאים את הקוד?',
    'מי יכול לקרוא את הזיכרונות?',
    'אפשר לעשות את הספר פרטי?',
    'קוד גישה לספר',
  ],
  process: [
    'איך פותחים ספר?',
    'כמה זמן לוקח ליצור ספר?',
    'איך מוסיפים זיכרון',
    'איך משתפים את הספר עם המשפחה',
    'מה זה ספר זיכרון דיגיטלי?',
    'איך מדפיסים את ה־QR',
    'מה השלבים?',
    'אני רוצה ליצור ספר לאמי היקרה',
  ],
  support: [
    'איך אפשר ליצור קשר?',
    'אני רוצה לדבר עם נציג',
    'מה כתובת המייל שלכם?',
    'יש לכם טלפון?',
    'איך פונים לשירות לקוחות',
    'צור קשר',
  ],
  greeting: ['שלום', 'היי', 'בוקר טוב!', 'מה שלומך?', 'תודה רבה', 'hello'],
  other: ['מזג האוויר מחר', 'asdf', '???', 'ספר לי בדיחה', 'היום נפטר סבא שלי'],
}

describe('classifyIntent', () => {
  for (const [intent, questions] of Object.entries(phrasings)) {
    it(`reads ${intent}`, () => {
      const misread = questions
        .map((question) => ({ question, intent: classifyIntent(question) }))
        .filter((reading) => reading.intent !== intent)
      expect(misread).toEqual([])
    })
  }

  it('prefers the topic over a greeting, and a word inside another word is no cue', () => {
    expect(classifyIntent('שלום, כמה זה עולה?')).toBe('pricing')
    expect(classifyIntent('היי, שכחתי את הקוד המשפחתי')).toBe('family_code')
    expect(classifyIntent('קודם כל, תודה')).toBe('greeting')
    expect(classifyIntent('שאלה בקשר למחיר')).toBe('pricing')
  })
})

describe('chat answers', () => {
  it('has a Hebrew answer for every intent, with the support address filled in', () => {
    for (const intent of CHAT_INTENTS) {
      const answer = chatAnswer(intent, wordsWith('help@example.org'))
      expect(answer).toMatch(/[\u0590-\u05FF]/)
      expect(answer).not.toContain('{')
    }
    expect(chatAnswer('support', wordsWith('help@example.org'))).toContain('help@example.org')
    expect(chatAnswer('technical', wordsWith('help@example.org'))).toContain('help@example.org')
    expect(chatAnswer('other', wordsWith('help@example.org'))).toContain('help@example.org')
  })

  it('repeats the FAQ word for word', () => {
    const faq = faqStrings.items
    expect(FAQ_TEXT).toEqual({
      price: faq.price.answer,
      howLong: faq.howLong.answer,
      whoCanWrite: faq.whoCanWrite.answer,
      whoCanRead: faq.whoCanRead.answer,
      support: faq.support.answer,
    })
    expect(chatAnswer('pricing', wordsWith('x@y.z'))).toContain(
      faq.price.answer
        .replace('{basicName}', 'חבילה בסיסית')
        .replace('{basicPrice}', '99')
        .replace('{proName}', 'חבילת פרו')
        .replace('{proPrice}', '149'),
    )
    expect(chatAnswer('family_code', wordsWith('x@y.z'))).toContain(faq.whoCanRead.answer)
    expect(chatAnswer('process', wordsWith('x@y.z'))).toContain(faq.howLong.answer)
    expect(chatAnswer('support', wordsWith('x@y.z'))).toContain(faq.support.answer.replace('{email}', 'x@y.z'))
  })
})

describe('answers to the questions the second walk asked', () => {
  const ask = (question: string) => answerQuestion(question, wordsWith('x@y.z'))

  it.each(['שכחתי את הקוד המשפחתי', 'איבדתי את הקוד', 'אני לא זוכרת מה הקוד של הספר', 'I forgot the family code'])(
    'a forgotten family code (%s): ask the family, the owner finds it on the management page',
    (question) => {
      const { intent, answer } = ask(question)
      expect(intent).toBe('family_code')
      expect(answer).toContain('בקשו אותו מבני המשפחה')
      expect(answer).toContain('בעמוד ניהול הספר')
    },
  )

  it.each(['מתי היארצייט?', 'איך מדליקים נר?', 'אפשר לקבל תזכורת ליום השנה?', 'yahrzeit reminder'])(
    'the yahrzeit, candles and reminders (%s)',
    (question) => {
      const { intent, answer } = ask(question)
      expect(intent).toBe('process')
      expect(answer).toContain('יום השנה')
      expect(answer).toContain('נר')
      expect(answer).toContain('תזכורת')
    },
  )

  it.each(['כמה עולה החבילה המלאה?', 'אפשר להעלות וידאו?', 'יש סרטונים?'])(
    'the full plan and video (%s)',
    (question) => {
      const { intent, answer } = ask(question)
      expect(intent).toBe('pricing')
      expect(answer).toContain('199 ₪')
      expect(answer).toContain('וידאו')
    },
  )

  it('names the full plan in the general price answer too, and leaves other questions to their intent', () => {
    expect(ask('כמה זה עולה?')).toEqual({ intent: 'pricing', answer: chatAnswer('pricing', wordsWith('x@y.z')) })
    expect(chatAnswer('pricing', wordsWith('x@y.z'))).toContain('199 ₪')
    expect(ask('איך פותחים ספר?')).toEqual({ intent: 'process', answer: chatAnswer('process', wordsWith('x@y.z')) })
  })
})

describe('prices in the answers', () => {
  it('names each plan at the price it is given, and no price of its own', () => {
    const words = wordsWith('x@y.z', { basic: 12300, pro: 45600, full: 78900 })
    const general = chatAnswer('pricing', words)
    expect(general).toContain('חבילה בסיסית עולה 123 ₪')
    expect(general).toContain('חבילת פרו עולה 456 ₪')
    expect(general).toContain('החבילה המלאה עולה 789 ₪')
    expect(answerQuestion('כמה עולה החבילה המלאה?', words).answer).toContain('789 ₪')
    for (const answer of [general, answerQuestion('יש סרטונים?', words).answer]) {
      expect(answer).not.toMatch(/\b(99|149|199) ₪/)
      expect(answer).not.toContain('{')
    }
  })
})
