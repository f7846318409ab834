import { createTranslator } from '../../../i18n/translator'

/** Sharing a book: the /share landing page, the share dialog, the invitation text and /qr-display. */
const sharingStrings = {
  invitation: {
    defaultSharer: 'המשפחה',
    opening: 'הזמנה מאת {sharer}: לשתף זיכרון בספר הזיכרון של {name}.',
    closing: 'כל סיפור, רגע או מילה טובה יישמרו בספר, לזיכרון עולם.',
    link: 'לכתיבת זיכרון: {link}',
  },

  landing: {
    invitationTitle: 'הזמנה אישית',
    invitation:
      'הזמנה מאת {sharer}: לשתף זיכרון על {name}, סיפור, רגע או מילה טובה. כל זיכרון הופך לחלק מהספר שהמשפחה תשמור לתמיד.',
    cta: 'כתיבת זיכרון בספר',
    ctaNote: 'אין צורך להירשם. כתיבת זיכרון אורכת כמה דקות.',
    read: 'קריאת ספר הזיכרון',
    readPrivateNote: 'הספר פתוח למשפחה: לקריאה יש להזין את הקוד המשפחתי.',
    documentTitle: '{name} – ספר זיכרון | {brand}',
    metaDescription: 'הוזמנתם לשתף זיכרון על {name} בספר הזיכרון הדיגיטלי של המשפחה.',
    notFound: 'ספר זיכרון לא נמצא',
    notFoundText: 'ייתכן שהקישור שגוי או שהספר הוסר. כדאי לבדוק את הקישור עם מי ששלח אותו.',
    backHome: 'חזרה לדף הבית',
    loadError: 'שגיאה בטעינת נתוני הספר',
  },

  dialog: {
    trigger: 'שיתוף',
    title: 'שיתוף ספר הזיכרון',
    description: 'כתבו הזמנה אישית ושלחו אותה למשפחה ולחברים.',
    sharerLabel: 'השם שלך',
    sharerPlaceholder: 'למשל: מיכל, הבת',
    messageLabel: 'הודעה אישית (לא חובה)',
    messagePlaceholder: 'כמה מילים משלכם, שיופיעו בהזמנה',
    previewLabel: 'כך תיראה ההזמנה',
    copy: 'העתקת הטקסט',
    copied: 'הטקסט הועתק',
    copyFailed: 'לא ניתן להעתיק את הטקסט',
    whatsapp: 'שליחה בוואטסאפ',
    showQr: 'הצגת קוד QR',
  },

  qr: {
    title: 'קוד QR לספר של {name}',
    lead: 'סורקים את הקוד במצלמת הטלפון ומגיעים ישר לכתיבת זיכרון.',
    imageAlt: 'קוד QR לכתיבת זיכרון בספר של {name}',
    download: 'הורדת הקוד כתמונה',
    downloaded: 'קוד ה־QR הורד',
    error: 'שגיאה ביצירת QR',
    shareTitle: 'שיתוף',
    whatsapp: 'שיתוף בוואטסאפ',
    email: 'שליחה במייל',
    emailSubject: 'ספר הזיכרון של {name}',
    shareText: 'הוזמנתם לכתוב זיכרון על {name} בספר הזיכרון: {link}',
    directLink: 'הקישור הישיר לכתיבת זיכרון',
    copyLink: 'העתקת הקישור',
    linkCopied: 'הקישור הועתק',
    copyFailed: 'לא ניתן להעתיק את הקישור',
    instructionsTitle: 'איך משתמשים בקוד',
    instructions: {
      print: 'מדפיסים את הקוד ומציבים אותו בבית האבלים, בשבעה או באזכרה.',
      scan: 'מי שסורק את הקוד במצלמת הטלפון מגיע ישר לטופס כתיבת הזיכרון.',
      send: 'אפשר גם לשלוח את תמונת הקוד בהודעה, בקבוצה המשפחתית או במייל.',
      noSignup: 'אין צורך בהרשמה או בהתקנה כדי לכתוב זיכרון.',
    },
    back: 'חזרה לאזור האישי',
    missingIdText: 'לא נמצא מזהה ספר. פתחו את קוד ה־QR מהאזור האישי, ליד הספר שלכם.',
  },
} as const

export const tSharing = createTranslator(sharingStrings)
