import { PLAN_NAMES } from '../../contracts/plans.ts'
import { createTranslator, type PlainTranslationKey as PlainKeyOf, type TranslationKey as KeyOf } from './translator'

/**
 * The core string catalogue: what every page shares (brand, header, footer, routes) plus the
 * landing and information pages. It is part of the first download, so keep it lean: a domain keeps
 * its strings in its own catalogue (`src/domains/<domain>/strings/*.ts`) and a screen group shared
 * by several features in this folder (`src/i18n/<screens>.ts`), each built with `createTranslator`
 * and loaded with the chunk that uses it.
 * Variables in braces ({name}) are filled by `t(key, { name })`; the type of `t` requires them.
 * {brand}, {company} and {email} come from src/config/brand.ts (see `brandParams`).
 */
export const he = {
  brand: {
    name: 'זוכרים',
    subtitle: 'ספר זיכרון דיגיטלי',
    company: 'זוכרים אחזקות בע״מ',
  },

  common: {
    close: 'סגירה',
    loading: 'טוען…',
    pageLoading: 'הדף נטען',
    currency: '₪',
    price: '{amount} ₪',
    documentTitle: '{screen} | {brand}',
    skipToContent: 'דילוג לתוכן העיקרי',
    notifications: 'התראות (Alt+T)',
  },

  copy: {
    success: '{label} הועתק בהצלחה',
    failure: 'שגיאה בהעתקה',
  },

  header: {
    login: 'התחברות',
    register: 'הרשמה',
    howItWorks: 'איך זה עובד',
    faq: 'שאלות נפוצות',
    contact: 'צור קשר',
    openMenu: 'פתיחת התפריט',
    menuTitle: 'תפריט',
    menuDescription: 'ניווט באתר',
    mainNavigation: 'ניווט ראשי',
  },

  footer: {
    tagline: 'ספר זיכרון הוא המתנה המרגשת ביותר שאפשר להעניק למשפחה אחרי אובדן.',
    copyright: '© {year} {company}. כל הזכויות שמורות.',
    navigation: 'קישורים באתר',
    howItWorks: 'איך זה עובד',
    faq: 'שאלות נפוצות',
    terms: 'תנאי שימוש',
    privacy: 'מדיניות פרטיות',
    contact: 'צור קשר',
  },

  landing: {
    documentTitle: '{brand} – ספר זיכרון דיגיטלי למשפחה',
    hero: {
      eyebrow: 'לזכור יחד',
      title: 'כל הזיכרונות על מי שאהבתם, במקום אחד',
      lead: 'ב{brand} המשפחה פותחת ספר זיכרון לאדם יקר שהלך לעולמו. בני משפחה, חברים ומכרים מוסיפים סיפורים, מילים ותמונות, והכול נשמר יחד, לתמיד.',
      cta: 'פתיחת ספר זיכרון',
      secondaryCta: 'לחבילות ולמחירים',
      price: 'תשלום אחד לספר, לפי החבילה שבוחרים',
      priceFrom: 'תשלום אחד לספר, מ־{amount} ₪ לפי החבילה שבוחרים',
    },
    gives: {
      title: 'מה הספר נותן למשפחה',
      lead: 'בימים שאחרי הפרידה, סיפורים קטנים הם נחמה גדולה. הספר אוסף אותם בשבילכם.',
      together: {
        title: 'כל הסיפורים במקום אחד',
        text: 'זיכרונות שמפוזרים אצל אנשים רבים מתכנסים לספר אחד, שאפשר לחזור אליו בכל עת.',
      },
      voices: {
        title: 'קולות שעוד לא שמעתם',
        text: 'חברים מהעבודה, שכנים וחברי ילדות משתפים רגעים שהמשפחה אולי לא הכירה.',
      },
      forever: {
        title: 'נשמר לתמיד',
        text: 'קישור קבוע וקוד QR מאפשרים לחזור לספר ולהוסיף לו זיכרונות גם בעוד שנים.',
      },
      family: {
        title: 'קרוב ללב, שמור למשפחה',
        text: 'הגישה לכל הזיכרונות נשמרת בעזרת קוד משפחתי אישי, ואתם מחליטים למי למסור אותו.',
      },
    },
    steps: {
      title: 'איך זה עובד',
      lead: 'שלושה צעדים פשוטים, בקצב שלכם.',
      stepLabel: 'שלב {number}',
      create: {
        title: 'פותחים ספר',
        text: 'כותבים את שם יקירכם וכמה פרטים. זה לוקח כדקה.',
      },
      link: {
        title: 'מקבלים קישור וקוד QR',
        text: 'לכל ספר קישור ייחודי וקוד QR משלו, שאפשר לשלוח בהודעה או להציג בשבעה ובאזכרה.',
      },
      share: {
        title: 'משתפים עם המשפחה והחברים',
        text: 'כל מי שמקבל את הקישור יכול לכתוב זיכרון, וכך כולם יחד בונים את הספר.',
      },
    },
    faq: {
      title: 'שאלות נפוצות',
      allQuestions: 'לכל השאלות והתשובות',
    },
    closing: {
      title: 'הזיכרונות ממשיכים לחיות דרככם',
      text: 'פתחו ספר עכשיו ושלחו את הקישור למשפחה ולחברים. כל זיכרון שנכתב הוא עוד פיסה מהסיפור.',
      cta: 'פתיחת ספר זיכרון',
    },
  },

  packages: {
    title: 'החבילות שלנו',
    lead: 'בוחרים חבילה אחת, והספר נשאר פתוח לזיכרונות של כולם.',
    popular: 'הכי פופולרי',
    previousPrice: 'במקום {amount} ₪',
    priceUnavailable: 'המחיר יוצג בבחירת החבילה',
    priceLabel: 'מחיר: {amount} ₪',
    basic: {
      name: PLAN_NAMES.basic,
      description: 'לספר של מילים וסיפורים',
      cta: 'בחירת החבילה הבסיסית',
    },
    pro: {
      name: PLAN_NAMES.pro,
      description: 'לספר מלא בתמונות ובזיכרונות',
      cta: 'בחירת חבילת פרו',
    },
    features: {
      unlimitedWritten: 'זיכרונות כתובים ללא הגבלה',
      permanentLinkAndQr: 'קישור קבוע וקוד QR',
      familyAccess: 'גישה למשפחה',
      photos: 'תמונות בזיכרונות',
      vipSupport: 'שירות לקוחות VIP',
      videos: 'סרטונים בזיכרונות',
    },
  },

  notFound: {
    title: 'הדף לא נמצא',
    text: 'ייתכן שהקישור שגוי, או שהדף הועבר למקום אחר.',
    backHome: 'חזרה לדף הבית',
  },

  errorFallback: {
    title: 'אירעה תקלה לא צפויה',
    text: 'משהו השתבש בטעינת הדף. אפשר לנסות לטעון אותו מחדש, או לחזור לדף הבית.',
    reload: 'טעינה מחדש',
    backHome: 'חזרה לדף הבית',
  },

  routes: {
    landing: 'דף הבית',
    onboarding: 'פתיחת ספר חדש',
    register: 'הרשמה',
    login: 'התחברות',
    resetPassword: 'איפוס סיסמה',
    updatePassword: 'בחירת סיסמה חדשה',
    emailConfirmation: 'אישור כתובת המייל',
    payment: 'תשלום',
    dashboard: 'האזור האישי',
    viewBook: 'ספר הזיכרון',
    addMemory: 'הוספת זיכרון',
    createBook: 'יצירת ספר הזיכרון',
    selectPlan: 'בחירת חבילה',
    editBook: 'עריכת פרטי הספר',
    qrDisplay: 'קוד QR לשיתוף',
    share: 'הזמנה לספר הזיכרון',
    memoriesSlideshow: 'מצגת הזיכרונות',
    memoryBook: 'דפדוף בספר הזיכרון',
    addFamilyAdmin: 'הוספת מנהל משפחה',
    giftGeneration: 'פרטי המתנה',
    giftCreated: 'המתנה נוצרה',
    gift: 'מימוש מתנה',
    giftWelcome: 'ברוכים הבאים',
    familyAdminRegister: 'הצטרפות כמנהל משפחה',
    adminDashboard: 'ניהול הספר',
    bookExport: 'ייצוא הספר',
    adminPanel: 'ממשק הניהול',
    adminCoupons: 'ניהול קופונים',
    faq: 'שאלות נפוצות',
    howItWorks: 'איך זה עובד',
    termsOfService: 'תנאי שימוש',
    privacyPolicy: 'מדיניות פרטיות',
    devNavigation: 'ניווט למפתחים',
    reminderConfirm: 'אישור ההרשמה לתזכורות',
    reminderUnsubscribe: 'הסרה מרשימת התזכורות',
    memoryNewsUnsubscribe: 'הפסקת העדכונים על זיכרונות חדשים',
    familyCodeRenew: 'קוד משפחתי חדש',
    notFound: 'הדף לא נמצא',
  },
} as const

export type CoreCatalogue = typeof he
export type TranslationKey = KeyOf<CoreCatalogue>
export type PlainTranslationKey = PlainKeyOf<CoreCatalogue>

/** The core catalogue's translator: shared chrome, landing and information pages. */
export const t = createTranslator(he)
