import { createTranslator } from '../../../i18n/translator'

/**
 * Strings of the book screens: /create-book, /edit-book, the book images, the privacy dialog and
 * the family code. The wording is the product's own:
 * keep a text word for word when it moves or is reused.
 */
export const booksStrings = {
  fields: {
    fullName: 'הספר לזכר (שם מלא)',
    fullNamePlaceholder: 'למשל: רחל אברהמי',
    creatorName: 'השם שלכם, כפי שיופיע בספר',
    creatorNamePlaceholder: 'למשל: מיכל, הבת',
    birthDate: 'תאריך לידה',
    deathDate: 'תאריך פטירה',
    quote: 'משפט לזכר יקירכם (לא חובה)',
    /** Asked once, with the honorific: the words the cover, the album, the export and the e-mails use. */
    gender: 'כך ייכתב בספר',
    genderWords: '{born}, {died}, {blessed}',
    genderNeutral: 'בלי לשון זכר או נקבה ({born}, {died})',
    quotePlaceholder: 'לדוגמה: זיכרונו לברכה / זיכרונה לברכה',
    /** One tap fills the quote, in the form that fits the deceased. */
    quoteSuggestions: 'משפט מוכן',
    quoteHis: 'זיכרונו לברכה',
    quoteHers: 'זיכרונה לברכה',
    profileImage: 'תמונת פרופיל (לא חובה)',
    backgroundImage: 'תמונת רקע (לא חובה)',
    optional: 'לא חובה',
    requiredFields: 'אנא מלא את כל השדות הנדרשים',
    nameTooLong: 'השם יכול להכיל עד 200 תווים',
    quoteTooLong: 'המשפט יכול להכיל עד 500 תווים',
  },

  images: {
    choose: 'בחירת תמונה',
    replace: 'החלפת התמונה',
    remove: 'הסרת התמונה',
    uploading: 'מעלים את התמונה…',
    profileAlt: 'תמונת הפרופיל שנבחרה',
    backgroundAlt: 'תמונת הרקע שנבחרה',
    notAnImage: 'יש לבחור קובץ תמונה (JPG, PNG או WEBP)',
    uploadError: 'שגיאה בהעלאת התמונה',
    uploadErrorRetry: 'ההעלאה לא הצליחה. בדקו את החיבור ונסו שוב.',
    hint: 'התמונה תוקטן אוטומטית לפני ההעלאה.',
  },

  create: {
    title: 'פרטי ספר הזיכרון',
    lead: 'כמה פרטים, והספר מוכן לשיתוף. תמיד אפשר לערוך אותם אחר כך.',
    submit: 'יצירת ספר הזיכרון',
    submitting: 'יוצרים את הספר…',
    created: 'ספר הזיכרון נוצר',
    createdText: 'עכשיו אפשר לשתף את הקישור עם המשפחה והחברים.',
    error: 'שגיאה ביצירת הספר',
    alreadyCreated: 'הספר לתשלום הזה כבר נוצר',
    spentText: 'התשלום הזה כבר שימש לפתיחת ספר זיכרון, והספר נמחק מאז. את הספרים שלכם אפשר למצוא באזור האישי.',
    payingExisting: 'משלימים את התשלום עבור הספר…',
    paidExisting: 'התשלום התקבל והספר פעיל',
    noPaymentTitle: 'עוד לא נבחרה חבילה',
    noPaymentText: 'כדי לפתוח את ספר הזיכרון יש לבחור חבילה. אם יש לכם קוד קופון, אפשר להזין אותו בדף התשלום.',
    toPayment: 'לבחירת חבילה',
    toDashboard: 'לאזור האישי',
    freeNote: 'הקופון הופעל, הספר ללא תשלום.',
    paidNote: 'התשלום התקבל. תודה!',
    checkingPayment: 'מאמתים את התשלום מול חברת התשלומים…',
  },

  edit: {
    title: 'עריכת פרטי הספר',
    lead: 'השינויים נשמרים בספר ומופיעים מיד לכל מי שצופה בו.',
    save: 'שמירת השינויים',
    saving: 'שומרים…',
    saved: 'הפרטים נשמרו',
    saveError: 'שגיאה בשמירה',
    cancel: 'ביטול',
    loading: 'טוענים את פרטי הספר…',
    noBookId: 'לא נמצא מזהה ספר',
    notFound: 'לא נמצא ספר זיכרון',
    notFoundText: 'ייתכן שהקישור שגוי, או שאין לך הרשאה לערוך את הספר הזה.',
    backToDashboard: 'חזרה לאזור האישי',
    updateFailed: 'העדכון נכשל - יתכן שיש בעיה עם הרשאות משתמש',
    datesNotSaved: 'התאריכים לא עודכנו במסד הנתונים - יתכן שיש בעיה עם הרשאות',
  },

  privacy: {
    title: 'הגדרות פרטיות',
    description: 'מי יכול לקרוא את הזיכרונות בספר?',
    public: 'פתוח לכולם',
    publicHint: 'כל מי שיש לו את הקישור יכול לקרוא את הזיכרונות.',
    private: 'קוד משפחתי בלבד',
    privateHint: 'קריאת הזיכרונות דורשת את הקוד המשפחתי.',
    familyCode: 'הקוד המשפחתי',
    save: 'שמירה',
    saving: 'שומרים…',
    updated: 'עודכן בהצלחה',
    nowPublic: 'הספר כעת פתוח לכולם',
    nowPrivate: 'הספר כעת דורש קוד משפחתי לצפייה',
    errorTitle: 'שגיאה',
    error: 'שגיאה בעדכון הגדרות הפרטיות',
  },

  familyCode: {
    label: 'הקוד המשפחתי',
    copy: 'העתקת הקוד',
    copyLabel: 'הקוד המשפחתי',
    regenerate: 'יצירת קוד משפחתי חדש',
    regenerating: 'יוצרים קוד…',
    regenerated: 'נוצר קוד משפחתי חדש',
    regenerateErrorTitle: 'שגיאה',
    regenerateError: 'לא ניתן ליצור קוד חדש',
    confirmTitle: 'ליצור קוד משפחתי חדש?',
    confirmText: 'הקוד הנוכחי ({code}) יפסיק לעבוד מיד. כל מי שקיבל אותו יצטרך את הקוד החדש כדי לצפות בספר.',
    confirmButton: 'כן, ליצור קוד חדש',
    cancel: 'ביטול',
    newCodeText: 'זה הקוד החדש. שלחו אותו לבני המשפחה; הקוד הקודם כבר לא פותח את הספר.',
    close: 'הבנתי',
  },
} as const

export const tBooks = createTranslator(booksStrings)
