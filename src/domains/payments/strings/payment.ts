import { PLAN_NAMES } from '../../../../contracts/plans.ts'
import { createTranslator } from '../../../i18n/translator'

/**
 * Strings of /select-plan and /payment. Prices are
 * not written here: they come from the server's price table. The wording is the product's own:
 * keep a text word for word when it moves or is reused.
 */
export const paymentStrings = {
  plans: {
    basic: { name: PLAN_NAMES.basic, description: 'לספר של מילים וסיפורים' },
    pro: { name: PLAN_NAMES.pro, description: 'לספר מלא בתמונות ובזיכרונות' },
    full: { name: PLAN_NAMES.full, description: 'לספר עם תמונות וגם סרטונים' },
    popular: 'הכי פופולרי',
    price: '{amount} ₪',
    previousPriceLabel: 'המחיר הקודם: {amount} ₪',
  },

  selectPlan: {
    title: 'בחירת חבילה',
    lead: 'תשלום חד־פעמי. הספר נשאר פתוח לזיכרונות של כולם.',
    giftTitle: 'ספר זיכרון במתנה',
    giftLead: 'בוחרים חבילה, ואחרי התשלום מקבלים קוד מתנה לשליחה למשפחה.',
    additionalTitle: 'ספר זיכרון נוסף',
    additionalLead: 'בוחרים חבילה לספר החדש. הספרים הקיימים נשארים כפי שהם.',
    choose: 'בחירה ב{plan}',
  },

  payment: {
    title: 'השלמת הרכישה',
    lead: 'עוד רגע הספר מוכן. בדקו את החבילה, ואם יש לכם קוד קופון, הזינו אותו כאן.',
    giftLead: 'אחרי התשלום תקבלו קוד מתנה ותוכלו לשלוח אותו למשפחה.',
    bookLead: 'השלמת התשלום עבור הספר של {name}.',
    planLegend: 'בחירת חבילה',
    choosePlan: 'באיזו חבילה תרצו להשתמש? בחרו חבילה כדי להמשיך.',
    selectedPlan: 'מה כלול בחבילה',
    planChangedCouponRemoved: 'החבילה השתנתה, ולכן הקופון הוסר. אפשר להחיל אותו שוב.',
    cancelled: 'התשלום בוטל ולא חויבתם. אפשר לנסות שוב בכל עת.',
    declined:
      'התשלום לא אושר: הכרטיס נדחה או שהתשלום לא הושלם. לא חויבתם, ומה שבחרתם נשאר כאן: אפשר לנסות שוב עכשיו, בכרטיס אחר או ב-Bit.',
    declinedBook: 'הספר של {name} מחכה באזור האישי, ואפשר להשלים את התשלום גם מאוחר יותר.',
    alreadyPaidTitle: 'התשלום כבר התקבל',
    alreadyPaidBook: 'הספר של {name} כבר שולם. אין צורך לשלם שוב.',
    unspentForMe: 'שילמתם על ספר זיכרון שעדיין לא נוצר. ממשיכים משם, בלי לשלם שוב.',
    unspentGift: 'שילמתם על מתנה שעדיין לא נוצר לה קוד. ממשיכים משם, בלי לשלם שוב.',
    continueBook: 'להמשך יצירת הספר',
    continueGift: 'ליצירת קוד המתנה',
    toDashboard: 'לאזור האישי',
    anotherPurchase: 'זו רכישה נוספת',
    loadError: 'לא ניתן לטעון את המחירים כרגע',
    tryAgain: 'לנסות שוב',
    features: {
      slideshow: 'מצגת הזיכרונות זמינה לספרים ששולמו. השלימו את התשלום כדי להפעיל אותה.',
      advanced_sharing: 'שיתוף הספר, קוד QR, הגדרות פרטיות והוספת מנהלים זמינים לספרים ששולמו.',
      add_memories: 'הוספת זיכרונות לספר זמינה אחרי השלמת התשלום.',
    },
  },

  coupon: {
    title: 'יש לכם קוד קופון?',
    label: 'קוד קופון',
    apply: 'החלה',
    checking: 'בודקים…',
    remove: 'הסרת הקופון',
    applied: 'הקופון {code} הוחל',
    required: 'אנא הזינו קוד קופון',
    invalidTitle: 'קופון לא תקף',
    notFound: 'קופון לא נמצא או לא תקף',
    unavailable: 'לא ניתן לאמת את הקופון כעת',
    restoring: 'מחילים שוב את הקופון {code}…',
    notRestored: 'הקופון {code} לא הוחל שוב: {reason}',
  },

  summary: {
    title: 'סיכום',
    price: 'מחיר החבילה',
    discount: 'הנחת קופון ({label})',
    percent: '{value}%',
    fixed: '{value} ₪',
    total: 'לתשלום',
    amount: '{amount} ₪',
    // The minus sign and the number are isolated left-to-right, so the sign stays before the number.
    discountAmount: '\u2066−{amount}\u2069 ₪',
    free: 'חינם',
  },

  actions: {
    pay: 'מעבר לתשלום מאובטח',
    creatingCheckout: 'מכינים את דף התשלום…',
    redirecting: 'מעבירים אתכם לדף התשלום המאובטח…',
    checkoutError: 'שגיאה ביצירת מסך התשלום',
    freeBook: 'יצירת הספר ללא תשלום',
    freeGift: 'יצירת המתנה ללא תשלום',
    applyingCoupon: 'מפעילים את הקופון…',
    couponProcessingError: 'בעיה בעיבוד הקופון, נסו שוב',
  },

  notes: {
    secure: 'התשלום מאובטח ומתבצע דרך ספק תשלומים בכרטיס אשראי. פרטי הכרטיס אינם נשמרים אצלנו.',
    cancellation: 'אפשר לבטל את הרכישה עד 14 יום ממועד הרכישה.',
  },
} as const

export const tPayment = createTranslator(paymentStrings)
