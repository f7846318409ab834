import { createTranslator } from '../../../i18n/translator'

/** The support chat on the public pages (its answers come from the support-chat function). */
const supportChatStrings = {
  open: 'שאלה? דברו איתנו',
  title: 'איך אפשר לעזור?',
  description: 'כתבו שאלה, או בחרו אחת מהשאלות הנפוצות.',
  welcome: 'שלום, אני העוזר של {brand}. אפשר לשאול אותי על המחירים, על ספר במתנה, על הקוד המשפחתי או על פתיחת ספר.',
  suggestions: {
    pricing: 'כמה זה עולה?',
    process: 'איך פותחים ספר?',
    familyCode: 'מה זה הקוד המשפחתי?',
    gift: 'איך נותנים ספר במתנה?',
  },
  suggestionsLabel: 'שאלות נפוצות',
  conversationLabel: 'השיחה',
  you: 'אתם',
  assistant: 'העוזר',
  inputLabel: 'השאלה שלכם',
  inputPlaceholder: 'כתבו כאן את השאלה…',
  send: 'שליחה',
  sending: 'שולח…',
  tooLong: 'אפשר לכתוב עד {max} תווים',
  failed: 'לא הצלחנו לשלוח את השאלה. נסו שוב בעוד רגע.',
  emailOffer: 'מעדיפים לכתוב לנו?',
  rating: {
    question: 'עד כמה התשובה עזרה? (1–5)',
    groupLabel: 'דירוג השיחה מ־1 עד 5',
    star: '{value} מתוך 5',
    helpedQuestion: 'האם קיבלתם מענה לשאלה?',
    yes: 'כן',
    no: 'לא',
    submit: 'שליחת הדירוג',
    thanks: 'תודה על המשוב.',
    thanksUnresolved: 'תודה על המשוב. נשמח לעזור גם במייל:',
  },
} as const

export const tSupportChat = createTranslator(supportChatStrings)
