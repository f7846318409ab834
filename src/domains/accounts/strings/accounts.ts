import { createTranslator } from '../../../i18n/translator'

/**
 * Strings of the account screens (onboarding, register, e-mail confirmation, login, password reset)
 * and of the signed-in header menu. Loaded with those screens, not with the first page.
 * Texts of the validation and error messages are kept word for word.
 */
export const accountsStrings = {
  common: {
    fullName: 'שם מלא',
    email: 'כתובת מייל',
    password: 'סיסמה',
    requiredFields: 'אנא מלא את כל השדות',
    emailRequired: 'אנא הזינו כתובת מייל',
    invalidEmail: 'כתובת האימייל אינה תקינה',
    networkError: 'אין חיבור לאינטרנט. בדקו את החיבור ונסו שוב.',
    rateLimited: 'נשלחו יותר מדי בקשות. נסו שוב בעוד כמה דקות.',
    backHome: 'חזרה לדף הבית',
    checking: 'רק רגע…',
    showPassword: 'הצגה',
    hidePassword: 'הסתרה',
    /** Read after הצגה / הסתרה by screen readers: the button's name starts with its visible word. */
    passwordToggleObject: 'של הסיסמה',
  },

  header: {
    greeting: 'שלום, {name}',
    openMenu: 'פתיחת התפריט האישי',
    menuTitle: 'שלום, {name}',
    menuDescription: 'פעולות בחשבון שלך',
    navigation: 'התפריט האישי',
    dashboard: 'האזור האישי',
    shareBook: 'שיתוף הספר',
    addAdmin: 'הוספת מנהל חדש',
    contact: 'צור קשר',
    contactSubject: 'פנייה מהאזור האישי ב{brand}',
    signOut: 'התנתקות',
    signingOut: 'מתנתקים…',
    signedOut: 'התנתקת בהצלחה',
    signOutFailed: 'ההתנתקות נכשלה, נסו שוב',
  },

  onboarding: {
    title: 'פתיחת ספר חדש',
    progress: 'שלב {step} מתוך {total}',
    progressLabel: 'ההתקדמות בפתיחת הספר',
    next: 'המשך',
    back: 'חזרה',
    relationship: {
      title: 'לזכר מי הספר?',
      lead: 'ספרו לנו מי היה עבורכם האדם היקר, כדי שנוכל ללוות אתכם נכון.',
      required: 'אנא בחרו את הקשר',
      options: {
        grandparent: 'סבא או סבתא',
        spouse: 'בן או בת זוג',
        parent: 'אבא או אמא',
        sibling: 'אח או אחות',
        friend: 'חבר או חברה',
        other: 'אדם יקר אחר',
      },
    },
    name: {
      title: 'מה שמו של יקירכם?',
      lead: 'השם יופיע בראש ספר הזיכרון. תמיד אפשר לשנות אותו אחר כך.',
      label: 'שם הנפטר',
      placeholder: 'לדוגמה: שרה לוי',
      required: 'אנא הזינו את השם המלא',
    },
    start: {
      title: 'ספר הזיכרון של {name}',
      lead: 'עוד רגע פותחים יחד את הספר. אחר כך תקבלו קישור וקוד QR לשתף עם המשפחה והחברים, וכל אחד מהם יוכל להוסיף זיכרון.',
      points: {
        minute: 'פתיחת הספר אורכת כדקה',
        share: 'קישור אישי וקוד QR לשיתוף',
        family: 'הזיכרונות נשמרים למשפחה, לתמיד',
      },
      cta: 'בואו נתחיל',
      saving: 'שומרים…',
      saveFailed: 'לא הצלחנו לשמור את הפרטים כרגע. הם שמורים במכשיר שלך, ואפשר להמשיך.',
    },
  },

  register: {
    modes: {
      regular: {
        title: 'הרשמה',
        lead: 'פתחו חשבון, ותוכלו ליצור ספר זיכרון ולשתף אותו עם המשפחה.',
        submit: 'הרשמה',
      },
      onboarding: {
        title: 'עוד צעד קטן',
        lead: 'נפתח לכם חשבון, כדי שספר הזיכרון יישמר ותוכלו לחזור אליו בכל עת.',
        leadWithName: 'נפתח לכם חשבון, כדי שספר הזיכרון של {name} יישמר ותוכלו לחזור אליו בכל עת.',
        submit: 'יצירת חשבון והמשך',
      },
      gift: {
        title: 'הפעלת מתנה',
        lead: 'קיבלתם ספר זיכרון במתנה. הירשמו עם קוד המתנה, והספר יעבור אליכם.',
        submit: 'הרשמה והפעלת המתנה',
      },
    },
    giftCode: 'קוד המתנה',
    giftCodePlaceholder: 'ABCD2345',
    passwordHint: 'לפחות 8 תווים',
    submitting: 'נרשמים…',
    haveAccount: 'כבר יש לכם חשבון?',
    loginLink: 'להתחברות',
    validation: {
      fullNameRequired: 'אנא הזינו שם מלא',
      passwordTooShort: 'הסיסמה חייבת להכיל לפחות 8 תווים',
      giftCodeRequired: 'אנא הזינו את קוד המתנה',
    },
    errors: {
      giftLookupFailed: 'שגיאה בבדיקת קוד המתנה. אנא נסו שוב.',
      giftNotFound: 'נא לבדוק את הקוד שקיבלת שנית',
      giftClaimed: 'קוד המתנה כבר נתבע',
      giftUnavailable: 'קוד המתנה לא זמין לתביעה',
      giftExpiryCheckFailed: 'שגיאה בבדיקת תוקף הקוד. אנא נסו שוב.',
      giftExpired: 'קוד המתנה פג תוקפו',
      giftActivationFailed: 'שגיאה בהפעלת המתנה',
      emailTaken: 'כתובת האימייל כבר רשומה במערכת',
      weakPassword: 'הסיסמה חלשה מדי. יש להשתמש בסיסמה של 8 תווים לפחות עם אותיות ומספרים',
      invalidCredentials: 'כתובת האימייל או הסיסמה שגויים',
      signupDisabled: 'ההרשמה סגורה כרגע. נסו שוב מאוחר יותר.',
      generic: 'שגיאה בהרשמה',
    },
    success: {
      title: 'כמעט סיימנו',
      text: 'שלחנו מייל לאישור ההרשמה אל:',
      instructions: 'לחצו על הקישור שבמייל כדי להפעיל את החשבון.',
      spamHint: 'המייל לא הגיע? כדאי להציץ גם בתיקיית הספאם (דואר זבל).',
      continue: 'הבנתי',
    },
  },

  emailConfirmation: {
    title: 'אישור כתובת המייל',
    sentTo: 'שלחנו קישור אישור אל:',
    instructions: 'פתחו את המייל ולחצו על הקישור, או הקלידו כאן את הקוד שבמייל. ברגע שהכתובת תאושר, נמשיך מכאן מעצמנו.',
    waiting: 'ממתינים לאישור…',
    code: {
      label: 'קוד האישור מהמייל',
      hint: '6 ספרות',
      submit: 'אישור עם הקוד',
      checking: 'בודקים את הקוד…',
      required: 'אנא הקלידו את 6 הספרות שבמייל',
      invalid: 'הקוד שגוי או שפג תוקפו. בדקו את המייל האחרון ששלחנו, או בקשו מייל חדש.',
    },
    otherDeviceHint: 'אישרתם בטלפון או במחשב אחר? התחברו כאן ונמשיך מאותה נקודה.',
    spamHint: 'המייל לא הגיע? כדאי להציץ גם בתיקיית הספאם (דואר זבל), או לשלוח אותו שוב.',
    confirmed: 'אישרתי במכשיר אחר',
    resend: 'שליחת המייל שוב',
    resending: 'שולחים…',
    resent: 'המייל נשלח שוב',
    resendFailed: 'שגיאה בשליחת האימייל',
    backToRegister: 'חזרה להרשמה',
    devNavigation: 'חזרה לניווט המפתחים',
    accessDenied: 'גישה דחויה',
    confirmedToast: 'כתובת המייל אושרה, ממשיכים',
  },

  login: {
    title: 'התחברות',
    lead: 'טוב שחזרתם.',
    submit: 'התחברות',
    submitting: 'מתחברים…',
    forgotPassword: 'שכחתם את הסיסמה?',
    noAccount: 'עדיין אין לכם חשבון?',
    registerLink: 'להרשמה',
    emailConfirmed: 'כתובת המייל אושרה בהצלחה. אפשר להתחבר.',
    continuing: 'אתם מחוברים, ממשיכים…',
    signInToContinue: 'נדרשת התחברות כדי להמשיך לעמוד שביקשתם.',
    confirmationLinkInvalid:
      'קישור האישור פג תוקף או שכבר השתמשו בו. נסו להתחבר; אם החשבון עדיין לא אושר, נשלח קישור חדש.',
    resendConfirmation: 'שליחת מייל האישור שוב',
    confirmationResent: 'שלחנו מייל אישור חדש. בדקו את תיבת הדואר.',
    ownershipTransfer: {
      title: 'בקשה להעברת בעלות על ספר',
      text: 'לאחר ההתחברות, הבקשה תישלח אל {owner} לאישור.',
      textWithoutOwner: 'לאחר ההתחברות, הבקשה תישלח לבעלים המקוריים של הספר לאישור.',
    },
    errors: {
      invalidCredentials: 'כתובת האימייל או הסיסמה שגויים',
      emailNotConfirmed: 'האימייל טרם אושר. אנא בדקו את תיבת הדואר ולחצו על קישור האישור.',
      tooManyAttempts: 'יותר מדי ניסיונות התחברות. נסו שוב בעוד כמה דקות.',
      generic: 'אירעה שגיאה בהתחברות',
    },
  },

  resetPassword: {
    title: 'איפוס סיסמה',
    lead: 'הזינו את כתובת המייל שאיתה נרשמתם, ונשלח אליה קישור לבחירת סיסמה חדשה.',
    submit: 'שליחת קישור לאיפוס',
    submitting: 'שולחים…',
    sentTitle: 'בדקו את תיבת המייל',
    sentText: 'אם הכתובת הזו רשומה אצלנו, שלחנו אליה קישור לבחירת סיסמה חדשה:',
    sentSpam: 'לא רואים את המייל? בדקו גם בתיקיית הספאם (דואר זבל).',
    backToLogin: 'חזרה להתחברות',
    failed: 'שגיאה בשליחת האימייל',
  },

  updatePassword: {
    title: 'בחירת סיסמה חדשה',
    lead: 'בחרו סיסמה חדשה לחשבון שלכם.',
    password: 'סיסמה חדשה',
    confirmPassword: 'אימות הסיסמה',
    submit: 'שמירת הסיסמה',
    submitting: 'שומרים…',
    checkingLink: 'בודקים את הקישור…',
    updated: 'הסיסמה עודכנה. אפשר להתחבר עם הסיסמה החדשה.',
    validation: {
      mismatch: 'הסיסמאות לא תואמות',
      tooShort: 'הסיסמה חייבת להכיל לפחות 6 תווים',
    },
    errors: {
      weakPassword: 'הסיסמה חלשה מדי. יש להשתמש בסיסמה של 8 תווים לפחות עם אותיות ומספרים',
      samePassword: 'הסיסמה החדשה חייבת להיות שונה מהסיסמה הקודמת',
      authFailed: 'שגיאה באימות',
      generic: 'שגיאה בעדכון הסיסמה. נסו שוב.',
    },
    invalidLink: {
      title: 'הקישור אינו תקף',
      text: 'הקישור פג תוקף או לא תקין. אנא בקש איפוס סיסמה חדשה.',
      redirecting: 'בעוד רגע נעביר אתכם לבקשת קישור חדש.',
      action: 'לבקשת קישור חדש',
    },
  },
} as const

export const tAccounts = createTranslator(accountsStrings)
