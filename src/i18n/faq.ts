import { createTranslator } from './translator'

/**
 * The frequently asked questions, shown on /faq and at the foot of the landing page. Both load them
 * with their own chunk (the landing's FAQ section when the reader scrolls to it), so they stay out
 * of the first download. Plan names and prices are never written here: {basicName}, {basicPrice}
 * and the like are filled from the plans' one list and the server's price table.
 */
export const faqStrings = {
  title: 'שאלות נפוצות',
  lead: 'ריכזנו כאן את מה ששואלים אותנו לרוב. לא מצאתם תשובה? נשמח לעזור.',
  contactCta: 'כתבו לנו',
  items: {
    whatIs: {
      question: 'מהו ספר זיכרון דיגיטלי?',
      answer:
        'זהו מקום אחד שבו בני משפחה, חברים ומכרים כותבים זיכרונות על אדם יקר שהלך לעולמו. המשפחה פותחת את הספר, משתפת קישור או קוד QR, וכל אחד יכול להוסיף את הסיפור שלו.',
    },
    howLong: {
      question: 'כמה זמן לוקח ליצור ספר?',
      answer: 'בערך דקה. כותבים את שם יקירכם וכמה פרטים, והספר מוכן לשיתוף.',
    },
    price: {
      question: 'כמה זה עולה?',
      answer:
        '{basicName} עולה {basicPrice} ₪ וכוללת זיכרונות כתובים ללא הגבלה. {proName} עולה {proPrice} ₪ וכוללת זיכרונות ללא הגבלה, עם טקסט ותמונות.',
      /** While the price table has not answered (or could not): the plans without their prices. */
      answerWithoutPrices:
        '{basicName} כוללת זיכרונות כתובים ללא הגבלה. {proName} כוללת זיכרונות ללא הגבלה, עם טקסט ותמונות. המחיר של כל חבילה מופיע בבחירת החבילה.',
    },
    whoCanWrite: {
      question: 'מי יכול להוסיף זיכרונות?',
      answer: 'כל מי שקיבל מכם את הקישור או סרק את קוד ה־QR. אין צורך להירשם כדי לכתוב זיכרון.',
    },
    whoCanRead: {
      question: 'מי יכול לקרוא את הזיכרונות?',
      answer:
        'אתם מחליטים. אפשר לפתוח את הספר לכל מי שיש לו את הקישור, או לשמור את קריאת הזיכרונות למשפחה בלבד, בעזרת קוד משפחתי אישי.',
    },
    support: {
      question: 'איך אפשר לפנות אליכם?',
      answer: 'אנחנו כאן בשבילכם. כתבו לנו לכתובת {email} ונחזור אליכם בהקדם.',
    },
  },
} as const

export const tFaq = createTranslator(faqStrings)
