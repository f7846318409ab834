import { createTranslator } from '../../../i18n/translator'

/** Remembering together: the candle visitors light, and the yahrzeit and shloshim e-mail reminders. */
export const remembranceStrings = {
  candle: {
    title: 'נר לזכר {name}',
    nameLabel: 'השם שלך (לא חובה)',
    namePlaceholder: 'למשל: רותי, השכנה',
    nameHint: 'המשפחה תראה את השם ליד הנר.',
    litByTitle: 'מי הדליק נר',
    light: 'הדלקת נר',
    lighting: 'מדליקים…',
    litToday: 'הדלקת נר היום. תודה שזכרת.',
    onePerDay: 'אפשר להדליק נר אחד ביום.',
    countNone: 'עוד לא הודלקו נרות. אפשר להדליק את הראשון.',
    countOne: 'נר אחד הודלק',
    countMany: '{count} נרות הודלקו',
    flameLabel: 'נר דולק',
    unlitLabel: 'נר שעוד לא הודלק',
    failed: 'לא הצלחנו להדליק את הנר, נסו שוב בעוד רגע',
  },

  reminders: {
    title: 'תזכורת ליום השנה',
    lead: 'נשלח לך מייל שבוע לפני יום השנה (היארצייט) ויום לפניו, וגם לפני השלושים, עם הקישור לספר.',
    emailLabel: 'כתובת אימייל',
    emailPlaceholder: 'name@example.com',
    consent:
      'אני רוצה לקבל בדוא״ל תזכורת שבוע לפני יום השנה (היארצייט) ויום לפניו, וגם לפני השלושים. אפשר להפסיק בכל עת בקישור שבכל הודעה.',
    submit: 'הרשמה לתזכורות',
    sending: 'שולחים…',
    checkEmail: 'שלחנו מייל לאישור ההרשמה. התזכורות יישלחו רק אחרי שתאשרו אותה.',
    subscribed: 'נרשמת לתזכורות. שלחנו לך מייל עם הפרטים.',
    emailInvalid: 'כתובת האימייל אינה תקינה',
    consentRequired: 'כדי להירשם יש לסמן את ההסכמה לקבלת תזכורות',
    failed: 'לא הצלחנו לרשום אותך, נסו שוב בעוד רגע',
  },

  confirmPage: {
    title: 'אישור ההרשמה לתזכורות',
    lead: 'בלחיצה על הכפתור נתחיל לשלוח לך תזכורות לפני יום השנה ולפני השלושים.',
    action: 'אישור ההרשמה',
    working: 'מאשרים…',
    done: 'ההרשמה אושרה. נשלח לך תזכורת לפני יום השנה של {name}.',
    invalid: 'הקישור כבר לא בתוקף או שכבר השתמשו בו. אפשר להירשם שוב מדף הספר.',
    failed: 'לא הצלחנו לאשר את ההרשמה, נסו שוב בעוד רגע',
    toBook: 'לספר הזיכרון',
    home: 'לדף הבית',
  },

  unsubscribePage: {
    title: 'הסרה מרשימת התזכורות',
    lead: 'בלחיצה על הכפתור לא יישלחו אליך עוד תזכורות על ספר הזיכרון הזה.',
    action: 'הסרה מהתזכורות',
    working: 'מסירים…',
    done: 'הוסרת מרשימת התזכורות של {name}. לא יישלחו אליך עוד תזכורות.',
    invalid: 'הקישור אינו תקין. אם הגעת מתוך מייל, כדאי לפתוח את הקישור שבו שוב.',
    failed: 'לא הצלחנו להסיר אותך, נסו שוב בעוד רגע',
    toBook: 'לספר הזיכרון',
    home: 'לדף הבית',
  },
  newsUnsubscribePage: {
    title: 'הפסקת העדכונים על זיכרונות חדשים',
    lead: 'בלחיצה על הכפתור לא יישלחו אליך עוד מיילים על זיכרונות חדשים בספר הזה.',
    action: 'הפסקת העדכונים',
    working: 'מפסיקים…',
    done: 'לא יישלחו אליך עוד עדכונים על זיכרונות חדשים בספר לזכר {name}. אפשר לחדש אותם באזור האישי.',
    invalid: 'הקישור אינו תקין. אם הגעת מתוך מייל, כדאי לפתוח את הקישור שבו שוב.',
    failed: 'לא הצלחנו להפסיק את העדכונים, נסו שוב בעוד רגע',
    toBook: 'לספר הזיכרון',
    home: 'לדף הבית',
  },
} as const

export const tRemembrance = createTranslator(remembranceStrings)

/** '142 נרות הודלקו', 'נר אחד הודלק', or the invitation to light the first. */
export function candleCountText(count: number): string {
  if (count <= 0) return tRemembrance('candle.countNone')
  if (count === 1) return tRemembrance('candle.countOne')
  return tRemembrance('candle.countMany', { count: count.toLocaleString('he-IL') })
}
