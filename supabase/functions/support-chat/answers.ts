/**
 * The support chat's brain, run by the support-chat function: which topic a visitor's question is
 * about (its intent) and the Hebrew answer to it. The answers repeat the FAQ's text (src/i18n/faq.ts);
 * src/domains/support-chat/ui/support-chat-content.test.ts checks that they stay the same. An
 * answer names no plan or price of its own: the caller fills {basicName}, {basicPrice} and the
 * like from the plans' one list and the price table, and {email} with the support address.
 * Plain TypeScript with no imports, so the unit tests run it as the function does.
 */

export const CHAT_INTENTS = [
  'pricing',
  'gift',
  'technical',
  'family_code',
  'process',
  'support',
  'greeting',
  'other',
] as const
export type ChatIntent = (typeof CHAT_INTENTS)[number]

type Cue = [intent: Exclude<ChatIntent, 'other'>, stem: string, weight: number]

/**
 * Word beginnings that point to an intent, with how strongly. A cue matches at the start of a word,
 * after up to three of the one-letter Hebrew prefixes (ו ה ב כ ל מ ש), so 'מחיר' also finds
 * 'והמחיר' and 'במחירים'. The strongest total wins; a tie goes to the intent listed first in
 * INTENT_PRIORITY. A greeting counts only when nothing else does.
 */
const CUES: Cue[] = [
  ['technical', 'תקל', 3],
  ['technical', 'שגיא', 3],
  ['technical', 'באג', 3],
  ['technical', 'לא עובד', 3],
  ['technical', 'לא נטען', 3],
  ['technical', 'לא נפתח', 3],
  ['technical', 'לא מצליח', 3],
  ['technical', 'לא הצלחתי', 3],
  ['technical', 'לא קיבלתי', 3],
  ['technical', 'לא הגיע', 3],
  ['technical', 'נתקע', 3],
  ['technical', 'תקוע', 3],
  ['technical', 'קורס', 3],
  ['technical', 'קרס', 3],
  ['technical', 'בעיה', 2],
  ['technical', 'בעיות', 2],
  ['technical', 'error', 3],
  ['technical', 'bug', 3],
  ['support', 'נציג', 3],
  ['support', 'שירות לקוחות', 3],
  ['support', 'תמיכה', 3],
  ['support', '(?:י?צור|יצירת)(?:\\s+\\S+)?\\s+קשר', 3],
  ['support', 'לפנות', 3],
  ['support', 'פונים', 3],
  ['support', 'פנייה', 3],
  ['support', 'טלפון', 3],
  ['support', 'מייל', 2],
  ['support', 'אימייל', 2],
  ['support', 'אדם אמיתי', 3],
  ['support', 'לדבר עם', 3],
  ['support', 'support', 3],
  ['support', 'contact', 3],
  ['family_code', 'קוד משפח', 4],
  ['family_code', 'קוד המשפח', 4],
  ['family_code', 'קוד גישה', 4],
  ['family_code', 'קוד(?![םמ])', 2],
  ['family_code', 'פרטי(?:ת)?(?=\\s|$)', 2],
  ['family_code', 'מי יכול לקרוא', 3],
  ['family_code', 'לקרוא', 1],
  ['family_code', 'family code', 4],
  ['gift', 'מתנ', 4],
  ['gift', 'להעניק', 3],
  ['gift', 'שובר', 3],
  ['gift', 'gift', 4],
  ['pricing', 'מחיר', 3],
  ['pricing', 'עול(?:ה|ים|ות)', 3],
  ['pricing', 'עלות', 3],
  ['pricing', 'תשלום', 3],
  ['pricing', 'לשלם', 3],
  ['pricing', 'משלמים', 3],
  ['pricing', 'שקל', 3],
  ['pricing', 'ש״ח', 3],
  ['pricing', '₪', 3],
  ['pricing', 'חביל', 2],
  ['pricing', 'יקר(?=\\s|$)', 2],
  ['pricing', 'זול', 2],
  ['pricing', 'הנח(?:ה|ות)', 3],
  ['pricing', 'קופון', 3],
  ['pricing', 'כסף', 3],
  ['pricing', 'חינם', 3],
  ['pricing', 'price', 3],
  ['pricing', 'cost', 3],
  ['process', 'איך', 1],
  ['process', 'ליצור', 2],
  ['process', 'יוצרים', 2],
  ['process', 'יצירת', 2],
  ['process', 'לפתוח', 2],
  ['process', 'פותחים', 2],
  ['process', 'להוסיף', 2],
  ['process', 'מוסיפים', 2],
  ['process', 'לכתוב', 2],
  ['process', 'כותבים', 2],
  ['process', 'לשתף', 2],
  ['process', 'משתפים', 2],
  ['process', 'שיתוף', 2],
  ['process', 'קישור', 2],
  ['process', 'qr', 2],
  ['process', 'ברקוד', 2],
  ['process', 'שלבים', 2],
  ['process', 'תהליך', 2],
  ['process', 'כמה זמן', 3],
  ['process', 'תמונ', 1],
  ['process', 'זיכרון', 1],
  ['process', 'זכרון', 1],
  ['process', 'מה זה', 1],
  ['greeting', 'שלום', 0.5],
  ['greeting', 'היי(?=\\s|$)', 0.5],
  ['greeting', 'הי(?=\\s|$)', 0.5],
  ['greeting', 'הלו(?=\\s|$)', 0.5],
  ['greeting', 'אהלן', 0.5],
  ['greeting', 'בוקר טוב', 0.5],
  ['greeting', 'ערב טוב', 0.5],
  ['greeting', 'צהריים טובים', 0.5],
  ['greeting', 'מה נשמע', 0.5],
  ['greeting', 'מה שלומ', 0.5],
  ['greeting', 'תודה', 0.5],
  ['greeting', 'hello', 0.5],
  ['greeting', 'hi(?=\\s|$)', 0.5],
]

const INTENT_PRIORITY: Exclude<ChatIntent, 'other'>[] = [
  'technical',
  'support',
  'family_code',
  'gift',
  'pricing',
  'process',
  'greeting',
]

const PREFIXES = '[והבכלמש]{0,3}'

const CUE_PATTERNS = CUES.map(([intent, stem, weight]) => ({
  intent,
  weight,
  pattern: new RegExp(`(?:^|\\s)${PREFIXES}${stem.replace(/ /g, '\\s+')}`, 'u'),
}))

/** Lower case, no niqqud or cantillation, one kind of quote, punctuation as spaces. */
function normalizeQuestion(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u0591-\u05C7]/g, '')
    .replace(/[״”“]/g, '"')
    .replace(/[׳’‘`']/g, "'")
    .replace(/[^\p{L}\p{N}"'₪\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The topic of a visitor's question; 'other' when no cue matches. */
export function classifyIntent(question: string): ChatIntent {
  const text = normalizeQuestion(question).replace(/"/g, '״')
  const scores = new Map<ChatIntent, number>()
  for (const { intent, weight, pattern } of CUE_PATTERNS) {
    if (pattern.test(text)) scores.set(intent, (scores.get(intent) ?? 0) + weight)
  }
  let best: ChatIntent = 'other'
  let bestScore = 0
  for (const intent of INTENT_PRIORITY) {
    const score = scores.get(intent) ?? 0
    if (score > bestScore) {
      best = intent
      bestScore = score
    }
  }
  return best
}

/** FAQ answers the chat repeats word for word ({email} is the support address). */
export const FAQ_TEXT = {
  price:
    '{basicName} עולה {basicPrice} ₪ וכוללת זיכרונות כתובים ללא הגבלה. {proName} עולה {proPrice} ₪ וכוללת זיכרונות ללא הגבלה, עם טקסט ותמונות.',
  howLong: 'בערך דקה. כותבים את שם יקירכם וכמה פרטים, והספר מוכן לשיתוף.',
  whoCanWrite: 'כל מי שקיבל מכם את הקישור או סרק את קוד ה־QR. אין צורך להירשם כדי לכתוב זיכרון.',
  whoCanRead:
    'אתם מחליטים. אפשר לפתוח את הספר לכל מי שיש לו את הקישור, או לשמור את קריאת הזיכרונות למשפחה בלבד, בעזרת קוד משפחתי אישי.',
  support: 'אנחנו כאן בשבילכם. כתבו לנו לכתובת {email} ונחזור אליכם בהקדם.',
} as const

const TOPICS_HINT = 'אפשר לשאול אותי על המחירים, על ספר במתנה, על הקוד המשפחתי או על פתיחת ספר.'

const ANSWERS: Record<ChatIntent, string> = {
  pricing: `${FAQ_TEXT.price} {fullName} עולה {fullPrice} ₪ וכוללת גם סרטוני וידאו.`,
  gift:
    'אפשר לתת ספר זיכרון במתנה למשפחה: בוחרים חבילה ומשלמים כרגיל, ומקבלים קוד מתנה בן 8 תווים לשלוח למשפחה. ' +
    'הקוד תקף 30 יום, ובעזרתו המשפחה פותחת את הספר בלי לשלם.',
  technical:
    'מצטערים שמשהו לא עובד. לרוב עוזר לרענן את הדף או לנסות בדפדפן אחר. ' +
    'אם הבעיה נמשכת, כתבו לנו לכתובת {email} ותארו מה קרה, ונטפל בזה בהקדם.',
  family_code: `${FAQ_TEXT.whoCanRead} את הקוד המשפחתי מוצאים בעמוד ניהול הספר, ומוסרים אותו רק לבני המשפחה.`,
  process: `${FAQ_TEXT.howLong} ${FAQ_TEXT.whoCanWrite}`,
  support: `${FAQ_TEXT.support} שעות המענה: ימים א׳–ה׳, 09:00–18:00.`,
  greeting: `שלום, אני כאן כדי לעזור. ${TOPICS_HINT}`,
  other: `לא בטוח שהבנתי את השאלה. ${TOPICS_HINT} אפשר גם לכתוב לנו לכתובת {email}.`,
}

/**
 * What an answer fills in: {email}, the support address, and each plan's name and price in
 * shekels ({basicName}, {basicPrice}, {proName}, {proPrice}, {fullName}, {fullPrice}).
 */
export type AnswerWords = Readonly<Record<string, string>>

function filled(answer: string, words: AnswerWords): string {
  return answer.replace(/\{(\w+)\}/g, (placeholder, word: string) => words[word] ?? placeholder)
}

/** The chat's answer for an intent, with the support address, plan names and prices filled in. */
export function chatAnswer(intent: ChatIntent, words: AnswerWords): string {
  return filled(ANSWERS[intent], words)
}

interface Topic {
  intent: Exclude<ChatIntent, 'other' | 'greeting'>
  /** Matched against the question as normalizeQuestion leaves it. */
  cue: RegExp
  answer: string
}

const FORGOT = '(?:שכח|איבד|אבד|לא זוכר|לא מוצא|לא מוצאת|נעלם|forgot|lost)'
const CODE = '(?:קוד|code)'

/**
 * Questions an intent's general answer does not cover, each with an answer of its own (the intent
 * still records the topic); the first that matches wins.
 */
const TOPICS: Topic[] = [
  {
    intent: 'family_code',
    cue: new RegExp(`${FORGOT}.*${CODE}|${CODE}.*${FORGOT}`, 'u'),
    answer:
      'שכחתם את הקוד המשפחתי? בקשו אותו מבני המשפחה שכבר קיבלו אותו, או מבעל/ת הספר. ' +
      'בעל/ת הספר מוצא/ת את הקוד תמיד בעמוד ניהול הספר, ויכול/ה גם ליצור קוד חדש. ' +
      'מטעמי פרטיות איננו מוסרים את הקוד בצ׳אט.',
  },
  {
    intent: 'pricing',
    cue: /(?:^|\s)[והבכלמש]{0,3}(?:חביל\S* (?:ה)?מלא|מלאה(?:\s|$)|וידאו|סרטו|video)/u,
    answer:
      '{fullName} עולה {fullPrice} ₪ וכוללת את כל מה שב{proName} (זיכרונות ללא הגבלה, עם טקסט ותמונות) ' +
      'וגם סרטוני וידאו בזיכרונות. אפשר לבחור בה בעמוד התשלום, או לשדרג אליה ספר קיים.',
  },
  {
    intent: 'process',
    cue: /(?:^|\s)[והבכלמש]{0,3}(?:יא(?:ה)?רצייט|אזכר|יום (?:ה)?שנה|נר(?:\s|$)|נרות|להדליק|הדלק|תזכור|yahrzeit|candle|reminder)/u,
    answer:
      'בכל ספר יש תאריך יום השנה (היארצייט) לפי הלוח העברי, עם הוספה ליומן. ' +
      'כל מי שנכנס לספר יכול להדליק נר וירטואלי לזכר יקירכם, והמשפחה רואה מי הדליק. ' +
      'אפשר גם להירשם בעמוד הספר לתזכורת במייל לפני יום השנה: מזינים כתובת ומאשרים בקישור שנשלח.',
  },
]

/** The topic and answer of a visitor's question, with the support address, plan names and prices filled in. */
export function answerQuestion(question: string, words: AnswerWords): { intent: ChatIntent; answer: string } {
  const text = normalizeQuestion(question)
  const topic = TOPICS.find(({ cue }) => cue.test(text))
  if (topic) return { intent: topic.intent, answer: filled(topic.answer, words) }
  const intent = classifyIntent(question)
  return { intent, answer: chatAnswer(intent, words) }
}
