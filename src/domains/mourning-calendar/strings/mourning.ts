import { createTranslator } from '../../../i18n/translator'

/**
 * The Jewish mourning calendar of a book: the Hebrew date of death, the yahrzeit and its candle,
 * the shloshim, and the shiva details (where and when the family receives visitors).
 */
export const mourningStrings = {
  hebrewDate: {
    label: 'תאריך הפטירה העברי',
  },
  afterSunset: {
    label: 'הפטירה הייתה אחרי השקיעה',
    hint: 'היום העברי מתחיל בשקיעה, ולכן תאריך הפטירה העברי הוא של היום שלמחרת.',
  },
  yahrzeit: {
    title: 'יום השנה (יארצייט)',
    next: 'יום השנה הבא: {date}',
    /** When the candle is lit on the evening before the yahrzeit (CandleLighting). */
    candle: {
      atSunset: 'הדלקת הנר: בערב {date}, עם השקיעה',
      beforeShabbat: 'הדלקת הנר: ב{date}, לפני השקיעה – לפני הדלקת נרות השבת',
      beforeFestival: 'הדלקת הנר: ב{date}, לפני השקיעה – לפני הדלקת נרות החג',
      afterShabbat: 'הדלקת הנר: במוצאי שבת ({date}), אחרי צאת השבת',
      afterFestival: 'הדלקת הנר: בערב {date}, אחרי צאת הכוכבים (היום הוא חג)',
    },
    candleToday: 'הנר של יום השנה הודלק אתמול בערב, והוא דולק עד צאת היום',
    nth: 'יום השנה ה־{n}',
    today: 'היום יום השנה',
    listTitle: '10 ימי השנה הבאים',
    addToCalendar: 'הוספה ליומן',
    calendarFileName: 'yahrzeit-{shortCode}.ics',
    calendarName: 'ימי השנה',
    eventTitle: 'הדלקת נר לזכר {name}',
    eventDescription: 'מחר, {hebrew} ({date}), יום השנה ה־{n} לפטירת {name}. {lighting}',
    /** The lighting in the calendar event; {time} is Jerusalem's sunset, or nightfall after Shabbat or a festival. */
    eventLighting: {
      atSunset: 'הנר נדלק הערב עם השקיעה, ב־{time} (שעון ירושלים).',
      beforeShabbat: 'הנר נדלק לפני השקיעה (ב־{time}, שעון ירושלים), לפני הדלקת נרות השבת.',
      beforeFestival: 'הנר נדלק לפני השקיעה (ב־{time}, שעון ירושלים), לפני הדלקת נרות החג.',
      afterShabbat: 'הנר נדלק במוצאי שבת, אחרי צאת השבת (ב־{time}, שעון ירושלים).',
      afterFestival: 'הנר נדלק אחרי צאת הכוכבים (ב־{time}, שעון ירושלים), כי היום חג.',
    },
    calendarError: 'לא הצלחנו ליצור את קובץ היומן. נסו שוב.',
    adarRule:
      'הפטירה הייתה באדר של שנה פשוטה. בשנה מעוברת, שיש בה שני חודשי אדר, יום השנה מחושב כאן באדר א׳, כמנהג אשכנז; לפי מנהג הספרדים מציינים אותו באדר ב׳.',
  },
  shloshim: {
    title: 'השלושים',
  },
  shiva: {
    title: 'ניחום אבלים – השבעה',
    countRule:
      'ימי השבעה כאן נספרים מיום הפטירה, שהוא היום הראשון. כשהקבורה מתאחרת, השבעה מתחילה ביום הקבורה: את הימים אפשר לקבוע בפרטי השבעה.',
    during: 'המשפחה יושבת שבעה על {name}.',
    daysLabel: 'ימי השבעה',
    days: 'מ־{start} עד {end}',
    address: 'כתובת',
    hours: 'שעות ביקור',
    note: 'הערה',
    map: 'ניווט למקום',
  },
  shivaForm: {
    title: 'פרטי השבעה',
    lead: 'בימי השבעה בלבד הפרטים יוצגו בדף השיתוף ובספר לכל מי שמגיע מהקישור, גם כשהספר פרטי, כדי שיידע לאן ומתי לבוא. אחרי השבעה הם יוסרו.',
    address: 'כתובת בית האבלים',
    addressPlaceholder: 'רחוב, מספר בית, עיר',
    startsOn: 'מתאריך',
    endsOn: 'עד תאריך',
    visitingHours: 'שעות ביקור',
    visitingHoursPlaceholder: 'לדוגמה: 10:00–13:00, 17:00–21:00',
    note: 'הערה למבקרים',
    notePlaceholder: 'לדוגמה: אין ביקורים בשבת',
    mapUrl: 'קישור למפה (לא חובה)',
    mapUrlPlaceholder: 'https://maps.google.com/…',
    save: 'שמירת פרטי השבעה',
    saving: 'שומרים…',
    saved: 'פרטי השבעה נשמרו',
    remove: 'הסרת פרטי השבעה',
    removed: 'פרטי השבעה הוסרו',
    saveError: 'לא הצלחנו לשמור את פרטי השבעה. נסו שוב.',
    needsDeathDate: 'כדי להוסיף את פרטי השבעה יש להזין קודם את תאריך הפטירה.',
    errors: {
      address: 'נא להזין כתובת (עד 300 תווים)',
      date: 'תאריך לא תקין',
      range: 'תאריך הסיום צריך להיות אחרי תאריך ההתחלה, ועד 10 ימים',
      mapUrl: 'קישור המפה צריך להתחיל ב־https://',
      tooLong: 'הטקסט ארוך מדי',
    },
  },
} as const

export const tMourning = createTranslator(mourningStrings)
