import { createTranslator } from '../../../i18n/translator'

/** Keepsakes of a book: the PDF album to print and the memorial video (src/features/keepsakes). */
export const keepsakesStrings = {
  panel: {
    title: 'מזכרות מהספר',
    text: 'אלבום להדפסה וסרטון זיכרון לשלושים ולאזכרה, נוצרים כאן במכשיר שלך מכל הזיכרונות שבספר.',
    album: 'הורדת האלבום (PDF)',
    albumBusy: 'מכינים את האלבום… {done} מתוך {total} תמונות',
    albumError: 'לא הצלחנו להכין את האלבום. כדאי לנסות שוב.',
    albumReady: 'האלבום ירד למכשיר',
    albumFileName: 'אלבום-{bookId}.pdf',
    albumPrint: 'אלבום לבית דפוס (PDF)',
    albumPrintHint: 'A5 עם 3 מ״מ גלישה וסימני חיתוך, כפי שבתי דפוס מבקשים.',
    albumPrintFileName: 'אלבום-לדפוס-{bookId}.pdf',
    video: 'יצירת סרטון זיכרון',
    printedSoon: 'אלבום מודפס וכרוך יגיע בקרוב.',
  },

  album: {
    title: 'ספר הזיכרונות',
    born: 'נולד/ה',
    died: 'נפטר/ה',
    dateWithHebrew: '{gregorian} · {hebrew}',
    mourningTitle: 'ימי הזיכרון',
    dayOfDeath: 'יום הפטירה',
    shiva: 'השבעה',
    shivaRange: '{from} עד {to}',
    shloshim: 'השלושים',
    yahrzeit: 'יום השנה ה־{n}',
    yahrzeitEvening: 'מדליקים נר בערב {evening}',
    memoriesTitle: 'הזיכרונות',
    memoryNumber: 'זיכרון {n}',
    writtenOn: 'נכתב ב־{date}',
    indexTitle: 'מי כתבו',
    indexPage: 'עמוד {pages}',
    indexPages: 'עמודים {pages}',
    continued: 'המשך: זיכרון {n} – {author}',
    pageNumber: '{n}',
    noMemories: 'עוד לא נכתבו זיכרונות בספר.',
    authorTitle: 'ספר הזיכרונות של {name}',
  },

  video: {
    title: 'סרטון זיכרון',
    description:
      'הסרטון נפתח בדף השער, מציג כל תמונה כחמש שניות עם שם הכותב ושורה מהזיכרון, ונחתם שוב בדף השער. הוא נוצר במכשיר שלך ונשאר בו.',
    photoCount: '{photos} תמונות · אורך {length}',
    start: 'יצירת הסרטון',
    progress: 'נוצר… {percent}%',
    timeLeft: 'נותרו כ־{time}',
    minutesLeft: '{n} דקות',
    secondsLeft: '{n} שניות',
    cancel: 'ביטול',
    cancelled: 'יצירת הסרטון בוטלה',
    ready: 'הסרטון מוכן',
    download: 'הורדה',
    share: 'שיתוף',
    again: 'יצירה מחדש',
    fileName: 'סרטון-זיכרון-{bookId}.mp4',
    skipped: '{n} תמונות לא נטענו ודולגו',
    failed: 'לא הצלחנו ליצור את הסרטון. כדאי לנסות שוב.',
    unsupported:
      'הדפדפן הזה לא יכול ליצור סרטונים. אפשר ליצור את הסרטון ב־Chrome (גם באנדרואיד), ב־Edge או ב־Safari בגרסה עדכנית.',
    noPhotos: 'אין עדיין תמונות בספר: הסרטון יציג את דף השער בלבד.',
    shareText: 'סרטון לזכר {name}',
  },
} as const

export const tKeepsakes = createTranslator(keepsakesStrings)
