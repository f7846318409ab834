import { PLAN_NAMES } from '../../contracts/plans.ts'
import { createTranslator } from './translator'

/**
 * Strings of the owner's dashboard (/dashboard) and of the family/owner management dashboard
 * (/admin-dashboard). The wording is the product's own:
 * keep a text word for word when it moves or is reused.
 */
export const dashboardStrings = {
  greeting: 'שלום, {name}',
  lead: 'כאן מנהלים את ספר הזיכרון, משתפים אותו וקוראים את הזיכרונות שנכתבו.',
  loading: 'טוענים את האזור האישי…',
  loadError: 'לא ניתן לטעון את האזור האישי כרגע',
  tryAgain: 'לנסות שוב',
  paymentReceived: 'התשלום התקבל, תודה!',

  news: {
    title: 'עדכונים על זיכרונות חדשים',
    lead: 'כשמישהו כותב זיכרון בספר, נשלח אליכם מייל עם שם הכותב, הקרבה והשורות הראשונות.',
    options: {
      batch: 'מייל אחד לכל היותר בכל רבע שעה',
      daily: 'סיכום יומי',
      off: 'בלי עדכונים',
    },
    saved: 'ההעדפה נשמרה',
    saveError: 'לא הצלחנו לשמור את ההעדפה, נסו שוב',
  },

  account: {
    title: 'מחיקת החשבון',
    hint: 'אפשר למחוק את החשבון ואת כל מה שנשמר בו. זיכרונות שכתבתם בספרים של אחרים יישארו בהם, בשם שכתבתם.',
    open: 'מחיקת החשבון שלי',
    dialogTitle: 'מחיקת החשבון לצמיתות',
    explain:
      'החשבון וכתובת האימייל יימחקו מהמערכת. רשומות התשלום יישמרו לצורכי הנהלת חשבונות בלבד, בלי הפרטים שלכם. אי אפשר לבטל את המחיקה.',
    loadingBooks: 'טוענים את הספרים שלכם…',
    bookDeleted: 'ספר הזיכרון לזכר {name} יימחק עם כל הזיכרונות, התמונות והסרטונים שבו.',
    bookChoice: 'מה יקרה לספר הזיכרון לזכר {name}?',
    deleteOption: 'למחוק את הספר',
    handOption: 'להעביר את הספר ל{name}',
    noHeirHint:
      'לפני כן אפשר לשמור עותק של הספר, או להעביר את הבעלות עליו לבן או בת משפחה מדף ניהול הספר, ואחר כך לחזור לכאן.',
    exportBook: 'ייצוא הספר',
    handOverFirst: 'העברת הספר לבן או בת משפחה',
    emailLabel: 'לאישור, הקלידו את כתובת האימייל שלכם',
    emailHint: 'הכתובת שאיתה נכנסתם:',
    confirm: 'למחוק את החשבון לצמיתות',
    deleting: 'מוחקים את החשבון…',
    cancel: 'ביטול',
    deleted: 'החשבון נמחק',
    failed: 'לא ניתן למחוק את החשבון כרגע',
  },

  payments: {
    title: 'תשלומים והחזרים',
    loadError: 'לא ניתן לטעון את רשימת התשלומים כרגע',
    product: {
      for_me: 'ספר זיכרון · {plan}',
      gift: 'ספר זיכרון במתנה · {plan}',
    },
    plans: PLAN_NAMES,
    state: {
      paid: 'שולם',
      refunding: 'ההחזר בטיפול',
      refunded: 'הוחזר',
      free: 'ללא תשלום',
      freeCancelled: 'בוטל',
    },
    amount: '{amount} ₪',
    paidOn: 'שולם ב־{date}',
    freeOn: 'נוצר בקופון ב־{date}, ללא תשלום',
    refundedOn: 'הוחזרו {amount} ₪ ב־{date}',
    refundingNote: 'ההחזר נשלח לחברת התשלומים ויופיע כאן כשיושלם.',
    method: {
      card: 'כרטיס אשראי',
      cardEnding: 'כרטיס אשראי המסתיים ב־{digits}',
      bit: 'Bit',
      apple_pay: 'Apple Pay',
      google_pay: 'Google Pay',
      other: 'אמצעי תשלום אחר',
    },
    transaction: 'מספר עסקה: ',
    taxDocument: 'חשבונית מס קבלה',
  },

  welcome: {
    title: 'ברוכים הבאים',
    lead: 'כאן תוכלו לפתוח ספר זיכרון לאדם יקר, או להעניק ספר במתנה למשפחה שאיבדה את יקירה.',
    createBook: 'פתיחת ספר זיכרון',
    giveGift: 'ספר זיכרון במתנה',
  },

  resume: {
    title: 'נמשיך מאיפה שעצרתם?',
    lead: 'התחלתם לפתוח ספר זיכרון לזכר {name}. נשאר רק לבחור חבילה.',
    leadNoName: 'התחלתם לפתוח ספר זיכרון. נשאר רק לבחור חבילה.',
    continue: 'המשך לבחירת חבילה',
    startOver: 'להתחיל מחדש',
  },

  picker: {
    label: 'הספרים שלך',
    familyAdmin: 'ניהול משפחה',
  },

  profile: {
    createdBy: 'נוצר באהבה על ידי {name}',
    photoAlt: 'תמונה של {name}',
    shloshim: 'יום השלושים לפטירה יחול ב־{date}. הספר נשאר פתוח לזיכרונות גם אחריו.',
    shloshimPassed: 'יום השלושים לפטירה חל ב־{date}. הספר נשאר פתוח, ואפשר להמשיך להוסיף בו זיכרונות.',
    memoryCount: '{count} זיכרונות בספר',
    readOnly: 'אתם מנהלי משפחה בספר הזה: אפשר לקרוא את כל הזיכרונות, והניהול נשאר בידי בעלי הספר.',
  },

  banners: {
    unpaidTitle: 'התשלום עבור הספר עדיין לא הושלם',
    unpaidText: 'כדי לשתף את הספר ולקבל זיכרונות יש להשלים את התשלום.',
    completePayment: 'השלמת התשלום',
    unspentTitle: 'יש לך תשלום שעדיין לא נפתח ממנו ספר',
    unspentText: 'אפשר להשלים את פרטי הספר עכשיו.',
    createFromPayment: 'להשלמת פרטי הספר',
  },

  grid: {
    title: 'ניהול הספר',
    viewBook: 'צפייה בספר',
    editBook: 'עריכת פרטי הספר',
    showQr: 'הצגת קוד QR',
    privacy: 'הגדרות פרטיות',
    addAdmin: 'הוספת מנהל',
    slideshow: 'מצגת זיכרונות',
    manageBook: 'ניהול הספר',
    manageBookHint: 'העברת בעלות, קוד משפחתי חדש, מחיקה',
    adminPanel: 'ממשק ניהול המערכת',
    needsPayment: 'דורש השלמת תשלום',
  },

  memories: {
    title: 'זיכרונות אחרונים',
    refresh: 'רענון',
    refreshing: 'מרעננים…',
    empty: 'עדיין לא נכתבו זיכרונות. שתפו את הקישור עם המשפחה והחברים.',
    loadError: 'שגיאה בטעינת זיכרונות',
    openFull: 'פתיחת הזיכרון המלא',
    by: '{name}',
    relation: '{relation}',
    hidden: 'מוסתר',
  },

  extra: {
    title: 'עוד אפשרויות',
    anotherBook: 'ספר זיכרון נוסף עבורי',
    buyGift: 'ספר זיכרון במתנה',
  },

  adminDashboard: {
    checking: 'בודקים את ההרשאה…',
    denied: 'הלינק כבר לא בתוקף',
    notFound: 'הספר לא נמצא',
    notFoundText: 'לא מצאנו ספר זיכרון בכתובת הזו. בדקו את הקישור או חזרו ללוח הבקרה.',
    deniedText: 'אין לך גישה לניהול הספר הזה. אם קיבלת את הקישור ממשפחה, בקשו ממנה קישור חדש.',
    backHome: 'חזרה לדף הבית',
    title: 'ניהול הספר של {name}',
    roles: {
      owner: 'בעלי הספר',
      platformAdmin: 'ניהול המערכת',
      familyAdmin: 'ניהול משפחה (צפייה בלבד)',
    },
    signedInAs: '{name} · {role}',
    adminPanel: 'ממשק ניהול המערכת',
    signOut: 'התנתקות',
    actions: 'פעולות',
    edit: 'עריכת פרטי הספר',
    shareLink: 'העתקת קישור לספר',
    showQr: 'הצגת קוד QR',
    manageAdmins: 'ניהול מנהלי משפחה',
    deleteBook: 'מחיקת הספר',
    shareLinkLabel: 'הקישור לספר עם הקוד המשפחתי',
    linkCopyLabel: 'הקישור',
    copyLink: 'העתקה',
    deleteConfirm: 'האם אתם בטוחים שברצונכם למחוק את הספר לזכר {name}? פעולה זו בלתי הפיכה!',
    deleteTitle: 'מחיקת הספר',
    deleteHint: 'המחיקה מסירה את הספר, את כל הזיכרונות ואת התמונות שבו, ואין דרך לשחזר אותם.',
    deleteConfirmButton: 'כן, למחוק את הספר',
    deleting: 'מוחקים…',
    cancel: 'ביטול',
    exportFirstText: 'לפני המחיקה אפשר להוריד עותק של כל הספר: הזיכרונות, התמונות והסרטונים, בקובץ אחד שנשמר אצלכם.',
    exportFirst: 'ייצוא הספר לפני המחיקה',
    deletedTitle: 'הספר לזכר {name} נמחק',
    deletedText: 'הספר, הזיכרונות והתמונות שבו נמחקו. אישור על המחיקה נשלח באימייל לבעלי הספר.',
    toDashboard: 'לאזור האישי',
    deleteError: 'לא ניתן למחוק את הספר',
    memoriesTitle: 'הזיכרונות בספר ({count})',
    memoriesEmpty: 'עדיין לא נכתבו זיכרונות בספר.',
    openFullMemory: 'פתיחת הזיכרון המלא',
    opensInNewTab: '(נפתח בלשונית חדשה)',
    hiddenMemory: 'מוסתר מהקוראים',
    memoryFromMail: 'זה הזיכרון שבהודעה. אפשר להסתיר אותו מהקוראים כאן, ולהציג אותו שוב בכל עת.',
    memoryFromMailGone: 'הזיכרון שבהודעה כבר לא בספר: ייתכן שנמחק.',
  },

  /** /family-code/renew: the owner's one tap from the e-mail about many wrong codes. */
  renewFromAlert: {
    title: 'קוד משפחתי חדש',
    lead: 'הוקלדו בספר קודים שגויים רבים. קוד חדש יחליף את הקוד הישן: מי שנכנס בקוד הישן יצטרך את הקוד החדש, ואת הקוד החדש והקישור שולחים למשפחה.',
    action: 'יצירת קוד חדש',
    working: 'יוצרים קוד חדש…',
    doneTitle: 'נוצר קוד משפחתי חדש',
    done: 'זה הקוד החדש של ספר הזיכרון לזכר {name}. שלחו למשפחה את הקישור, והספר ייפתח להם מיד.',
    invalid: 'הקישור כבר שימש או שפג תוקפו. אפשר ליצור קוד חדש מלוח הניהול של הספר.',
    failed: 'לא ניתן ליצור קוד חדש כרגע, נסו שוב בעוד רגע',
    home: 'לדף הבית',
  },
} as const

export const tDashboard = createTranslator(dashboardStrings)
