import { createTranslator } from '../../../i18n/translator'

/** /add-memory: the family gate, the form, uploads, the local draft and the thank-you screen. */
const addMemoryStrings = {
  title: 'זיכרון על {name}',
  lead: 'כל סיפור, רגע או מילה טובה הופכים לחלק מהספר שהמשפחה תשמור. אין צורך להירשם.',
  formLoading: 'טופס הזיכרון נטען',
  readBook: 'לקריאת הזיכרונות שבספר',
  familyLead: 'אתם כותבים כבני משפחה: הזיכרון יסומן "בן משפחה", ואפשר לצרף עד {max} תמונות.',
  unpaidTitle: 'הספר עדיין לא פתוח לזיכרונות',
  unpaidText: 'בעלי הספר עוד לא השלימו את פתיחתו. נסו שוב בעוד זמן מה.',

  gate: {
    title: 'כניסה לבני המשפחה',
    text: 'הזינו את הקוד המשפחתי כדי לכתוב כבני משפחה, עם אפשרות לצרף עד {max} תמונות.',
    wrongText: 'הקוד המשפחתי שהזנת אינו נכון',
    continueAsGuest: 'להמשיך בלי קוד',
  },

  fields: {
    fullName: 'השם שלך',
    fullNamePlaceholder: 'שם מלא',
    relation: 'הקשר שלך',
    relationAuto: 'נקבע לפי הקוד המשפחתי',
    memoryTitle: 'הזיכרון שלך',
    memoryHint: 'אפשר למלא אחד, שניים או את שלושתם.',
    text1Hint: 'איך הכרתם? מה עולה ראשון כשאתם חושבים עליו?',
    text2Hint: 'רגע מיוחד, מצחיק או מרגש',
    text3Hint: 'מילים שהייתם רוצים לומר היום',
    characters: '{count}/{max}',
  },

  images: {
    title: 'תמונות',
    hint: 'עד {max} תמונות. התמונות מוקטנות במכשיר לפני ההעלאה.',
    add: 'הוספת תמונות',
    caption: 'כיתוב לתמונה {n} (לא חובה)',
    remove: 'הסרת תמונה {n}',
    preview: 'תמונה {n}',
    preparing: 'מכין תמונה…',
    max: 'מקסימום {max} תמונות',
    notImage: 'אפשר לצרף קובצי תמונה בלבד',
    unreadable: 'לא ניתן לקרוא את התמונה "{name}"',
    heicUnreadable:
      'לא הצלחנו להמיר את תמונת האייפון "{name}" (HEIC). אפשר לשלוח אותה שוב מהאייפון, או לשמור אותה כ-JPEG ולבחור אותה שוב.',
  },

  video: {
    title: 'סרטון',
    hint: 'סרטון אחד, עד 50MB, בפורמט MP4, WebM או MOV.',
    add: 'הוספת סרטון',
    remove: 'הסרת הסרטון',
    tooLarge: 'הסרטון גדול מדי, אפשר לצרף עד 50MB',
    notVideo: 'אפשר לצרף סרטון בפורמט MP4, WebM או MOV בלבד',
  },

  validation: {
    required: 'אנא מלא את כל השדות הנדרשים',
    nameRequired: 'אנא כתבו את שמכם',
    relationRequired: 'אנא בחרו את הקשר שלכם',
    atLeastOne: 'אנא כתב לפחות זיכרון אחד',
    nameTooLong: 'השם יכול להכיל עד {max} תווים',
    textTooLong: 'כל זיכרון יכול להכיל עד {max} תווים',
  },

  submit: {
    button: 'שמירת הזיכרון',
    compressing: 'מכין את התמונות…',
    uploading: 'מעלה קבצים… {percent}%',
    saving: 'שומר את הזיכרון…',
    progressLabel: 'התקדמות ההעלאה',
  },

  errors: {
    saveFailed: 'שגיאה בשמירת הזיכרון',
    imagesFailed: 'שגיאה בהעלאת התמונות',
    videoFailed: 'שגיאה בהעלאת הסרטון',
    tryAgain: 'הזיכרון שמור במכשיר, אפשר לנסות שוב.',
    wrongCodeTitle: 'קוד שגוי',
    wrongCodeText: 'הקוד המשפחתי שהזנת אינו נכון',
    offlineTitle: 'אין חיבור לאינטרנט',
    offlineText: 'הזיכרון שמור במכשיר הזה, והוא יישלח מעצמו כשהחיבור יחזור.',
    retryNow: 'לשלוח עכשיו',
  },

  draft: {
    restored: 'המשכנו מהטיוטה ששמרתם במכשיר הזה',
    note: 'הטיוטה נשמרת במכשיר הזה עד שהזיכרון נשלח.',
    discard: 'מחיקת הטיוטה',
    discarded: 'הטיוטה נמחקה',
  },

  thanks: {
    title: 'תודה ששיתפתם',
    text: 'הזיכרון שלכם נשמר בספר של {name}.',
    another: 'כתיבת זיכרון נוסף',
    toBook: 'קריאת ספר הזיכרון',
    privateNote: 'הספר פתוח למשפחה: לקריאה יש להזין את הקוד המשפחתי.',
  },
} as const

export const tAddMemory = createTranslator(addMemoryStrings)
