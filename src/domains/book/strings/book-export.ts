import { createTranslator } from '../../../i18n/translator'

/** Exporting a book: the ZIP the family takes with them (src/domains/book/export). */
export const bookExportStrings = {
  screen: {
    title: 'ייצוא הספר לזכר {name}',
    intro:
      'כל מה שבספר, בקובץ ZIP אחד שנשמר אצלכם: התמונות כפי שהן שמורות בספר (עד 2048 פיקסלים בצד הארוך, כפי שהוקטנו בהעלאה), הסרטונים בקבצים שהועלו, דף שמציג את כל הספר גם בלי אינטרנט, וכל הפרטים גם בקובץ נתונים (JSON).',
    summary: '{memories} זיכרונות · {files} קבצי תמונה וסרטון',
    desktopHint: 'ספר גדול עם הרבה סרטונים נשמר הכי טוב ממחשב.',
    start: 'הורדת הספר (ZIP)',
    cancel: 'ביטול',
    progressLabel: 'התקדמות הייצוא',
    progress: '{done} מתוך {total} קבצים · {size}',
    preparing: 'מכינים את הקובץ…',
    done: 'הספר ירד למכשיר',
    doneText: 'שמרו את הקובץ במקום בטוח. כדי לקרוא את הזיכרונות, פותחים את הקובץ index.html שבתוך ה־ZIP.',
    cancelled: 'הייצוא בוטל. אפשר להתחיל שוב בכל זמן.',
    error: 'הייצוא נעצר. אפשר לנסות שוב.',
    again: 'ייצוא מחדש',
    failedTitle: 'קבצים שלא הצלחנו להוריד',
    failedText: 'שאר הספר נשמר. רשימת הקבצים האלה נמצאת גם בתוך ה־ZIP, בקובץ failed-files.txt.',
    back: 'חזרה לניהול הספר',
    loading: 'טוענים את הספר…',
    notFound: 'הספר לא נמצא',
    notFoundText: 'רק הבעלים של הספר, מנהלי המשפחה שלו ומנהלי האתר יכולים לייצא אותו.',
    fileName: 'ספר-זיכרון-{shortCode}.zip',
    megabytes: '{n} MB',
  },
  link: {
    title: 'לקחת את הספר איתכם',
    text: 'הורדה של כל הזיכרונות, התמונות והסרטונים לקובץ אחד.',
    action: 'ייצוא הספר',
  },
  page: {
    title: 'ספר הזיכרון לזכר {name}',
    /** "נולדה: 14/03/1948 …", or "לידה: …" when the book has no gender (shared/deceased-words.ts). */
    lifeDate: '{event}: {date}',
    createdBy: 'נפתח על ידי {name}',
    exportedAt: 'יוצא מזוכרים ב־{date}',
    memoriesTitle: 'הזיכרונות ({n})',
    noMemories: 'עדיין אין זיכרונות בספר.',
    byline: '{name} · {relation}',
    hidden: 'מוסתר בספר',
    missingFile: 'הקובץ לא הורד (ראו failed-files.txt)',
    writtenOn: 'נכתב ב־{date}',
    dateWithHebrew: '{gregorian} · {hebrew}',
    daysTitle: 'ימי הזיכרון',
    shiva: 'השבעה',
    shivaRange: '{from} עד {to}',
    shivaAddress: 'מקום השבעה: {address}',
    shivaHours: 'שעות ביקור: {hours}',
    shloshim: 'השלושים',
    yahrzeit: 'יום השנה ה־{n}',
    yahrzeitEvening: 'מדליקים נר בערב {evening}',
    candlesTitle: 'נרות נשמה',
    candleOne: 'הודלק נר אחד בדף הספר.',
    candlesCount: 'הודלקו {n} נרות בדף הספר.',
    candleNames: 'הדליקו ושמם נשאר:',
  },
  failedList: {
    heading: 'קבצים שלא הצלחנו להוריד בייצוא הספר. הכתובת המקורית של כל אחד מהם:',
  },
} as const

export const tBookExport = createTranslator(bookExportStrings)
