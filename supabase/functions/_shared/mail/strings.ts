/**
 * Every Hebrew word of the transactional e-mails. The mails speak to their reader in the plural
 * and of anyone else without a gendered verb or a slash form; a name passed in has been through
 * mailText.
 */

const inMemoryOf = (name: string) => `ספר הזיכרון לזכר ${name}`
const newMemories = (count: number) => (count === 1 ? 'זיכרון חדש' : `${count} זיכרונות חדשים`)

export const mailStrings = {
  frame: {
    brand: 'זוכרים',
    tagline: 'ספר זיכרון דיגיטלי',
    greeting: 'שלום,',
    greetingNamed: (name: string) => `שלום ${name},`,
    inMemoryOf: 'לזכר',
    buttonFallback: 'אם הכפתור אינו נפתח, אפשר להעתיק את הקישור הבא לשורת הכתובת בדפדפן:',
    sentTo: 'ההודעה נשלחה אל',
    from: 'מאת זוכרים · ספר זיכרון דיגיטלי',
  },

  links: {
    toBook: 'לספר הזיכרון',
    toPersonalArea: 'לאזור האישי',
    toDashboard: 'ללוח הבקרה',
  },

  payment: {
    methods: {
      bit: 'Bit',
      apple_pay: 'Apple Pay',
      google_pay: 'Google Pay',
      card: 'כרטיס אשראי',
      other: 'אמצעי תשלום אחר',
    } as Record<string, string>,
    cardEnding: (card: string, last4: string) => `${card} המסתיים ב-${last4}`,
    product: (gift: boolean, plan: string) => `${gift ? 'ספר זיכרון דיגיטלי במתנה' : 'ספר זיכרון דיגיטלי'}, ${plan}`,
    amountWithVat: (amount: string) => `${amount} (כולל מע״מ)`,
    receiptSubject: (product: string) => `אישור תשלום: ${product}`,
    receiptTitle: 'התשלום התקבל, תודה',
    receiptIntroForBook: (name: string) => `קיבלנו את התשלום עבור ${inMemoryOf(name)}. אלה פרטי הרכישה:`,
    receiptIntro: 'קיבלנו את התשלום. אלה פרטי הרכישה:',
    receiptNextStep: 'ספר הזיכרון מחכה לכם באזור האישי: שם ממשיכים ליצור אותו ומזמינים את המשפחה לכתוב.',
    giftNextStep: 'את קוד המתנה ואת הקישור לשליחה תמצאו באזור האישי, וגם נשלח אותם אליכם בהודעה נפרדת.',
    labels: {
      purchase: 'רכישה',
      amount: 'סכום',
      date: 'תאריך',
      method: 'אמצעי תשלום',
      transaction: 'מספר עסקה',
      refundDate: 'תאריך ההחזר',
      originalTransaction: 'מספר העסקה המקורית',
    },
    taxDocument: 'חשבונית מס קבלה: לצפייה ולהורדה',
    refundSubject: (product: string) => `אישור החזר כספי: ${product}`,
    refundTitle: 'ההחזר הכספי בוצע',
    refunded: (amount: string, method: string) => `ההחזר הכספי בוצע: ${amount} יוחזרו ל${method}.`,
    refundTiming: 'הזיכוי יופיע בפירוט החיוב בתוך 3–5 ימי עסקים, לפי חברת האשראי או הבנק.',
    reason: 'קיבלתם הודעה זו כי שילמתם בזוכרים.',
  },

  gift: {
    receiptSubject: (code: string, free: boolean) => `${free ? '' : 'קבלה: '}ספר זיכרון במתנה — קוד ${code}`,
    receiptTitle: (free: boolean) => (free ? 'המתנה מוכנה לשליחה' : 'תודה על המתנה'),
    readyFree: (name: string) => `ספר הזיכרון במתנה לזכר ${name} מוכן לשליחה.`,
    thanks: (name: string) => `תודה על רכישת ספר זיכרון במתנה לזכר ${name}.`,
    codeFor: (recipient: string) => (recipient ? `קוד המתנה עבור ${recipient}:` : 'קוד המתנה:'),
    howToSend: 'את הקישור שבכפתור שולחים למקבלי המתנה: בו הם מפעילים את ספר הזיכרון, או מקלידים את הקוד באתר.',
    activate: 'הקישור להפעלת המתנה',
    validUntil: (date: string) => `הקוד בתוקף עד ${date}. נודיע לכם כשהמתנה תתקבל.`,
    claimedSubject: 'המתנה שלכם התקבלה',
    claimedTitle: 'המתנה התקבלה',
    claimedTo: (name: string, recipient: string) =>
      recipient
        ? `${inMemoryOf(name)}, שנתתם במתנה ל${recipient}, התקבל והופעל.`
        : `${inMemoryOf(name)}, שנתתם במתנה, התקבל והופעל.`,
    claimedThanks: 'תודה שבחרתם להעניק זיכרון.',
    reason: 'קיבלתם הודעה זו כי רכשתם ספר זיכרון במתנה בזוכרים.',
  },

  familyCode: {
    alertSubject: (name: string) => `ניסיונות רבים לנחש את הקוד המשפחתי של ${inMemoryOf(name)}`,
    alertTitle: 'ניסיונות רבים לנחש את הקוד המשפחתי',
    alertLines: (name: string) => [
      `ביממה האחרונה הוקלדו קודים שגויים רבים ב${inMemoryOf(name)}. כדי לשמור על הספר, הכניסה בהקלדת הקוד נעצרה לזמן מה.`,
      'בני המשפחה שכבר בתוך הספר, ומי שמגיע דרך הקישור המשפחתי, ממשיכים להיכנס כרגיל.',
      'ליתר ביטחון אפשר ליצור קוד חדש בלחיצה אחת: הקוד הישן והכניסות שנפתחו בו יפסיקו לעבוד, ואת הקוד החדש שולחים למשפחה.',
    ],
    renew: 'יצירת קוד חדש',
    reason: 'קיבלתם הודעה זו כי אתם בעלי ספר הזיכרון.',
  },

  familyAdmins: {
    joinedSubject: (name: string) => `מצטרפים חדשים לניהול ${inMemoryOf(name)}`,
    joinedTitle: 'מצטרפים חדשים לניהול הספר',
    joined: (who: string, name: string) => `${who} מעכשיו בין מנהלי המשפחה של ${inMemoryOf(name)}.`,
    whatAdminsDo: 'מנהלי משפחה צופים בספר ומוסיפים זיכרונות. אם זו טעות, אפשר להסיר אותם בכל עת.',
    manageAdmins: 'לניהול מנהלי המשפחה',
    ownerReason: 'קיבלתם הודעה זו כי אתם בעלי ספר הזיכרון.',
  },

  ownership: {
    inviteSubject: (name: string) => `הוזמנתם לקבל את ${inMemoryOf(name)}`,
    inviteTitle: 'הזמנה לקבלת ספר הזיכרון',
    invite: (who: string, name: string) => `בקשה מאת ${who}: להעביר אליכם את הבעלות על ${inMemoryOf(name)}.`,
    inviteHow: 'היכנסו עם כתובת הדוא״ל הזו (או הירשמו אם עדיין אין לכם חשבון). לאחר מכן הבקשה תישלח לאישור בעלי הספר.',
    inviteValidity: 'הקישור בתוקף 7 ימים.',
    accept: 'לקבלת הספר',
    requestSubject: (name: string) => `בקשה לקבלת הבעלות על ${inMemoryOf(name)}`,
    requestTitle: 'בקשה לקבלת הבעלות על הספר',
    request: (who: string, name: string) =>
      `בקשה מאת ${who}: לקבל את הבעלות על ${inMemoryOf(name)}. הבקשה מחכה לאישורכם.`,
    requestHow: 'אפשר לאשר או לדחות את הבקשה בלוח הבקרה.',
    declinedSubject: (name: string) => `הבקשה לקבלת ${inMemoryOf(name)} לא אושרה`,
    declinedTitle: 'הבקשה לא אושרה',
    declined: (name: string) => `בעלי הספר החליטו שלא להעביר את ${inMemoryOf(name)}.`,
    approvedSubject: (name: string) => `${inMemoryOf(name)} עבר לבעלותכם`,
    approvedTitle: 'הספר עבר לבעלותכם',
    approved: (name: string) => `הבעלות על ${inMemoryOf(name)} הועברה אליכם. מעכשיו אפשר לנהל אותו מלוח הבקרה.`,
    handedSubject: (name: string) => `הבעלות על ${inMemoryOf(name)} הועברה`,
    handedTitle: 'הבעלות על הספר הועברה',
    handed: (name: string, to: string) => `הבעלות על ${inMemoryOf(name)} הועברה אל ${to}.`,
    stayAdmin: 'אתם נשארים בין מנהלי המשפחה של הספר: אפשר להמשיך לקרוא בו ולהוסיף זיכרונות.',
  },

  news: {
    subject: (count: number, name: string, daily: boolean) =>
      `${daily ? 'סיכום יומי: ' : ''}${newMemories(count)} בספר לזכר ${name}`,
    title: (count: number) => `${newMemories(count)} בספר`,
    lead: (count: number, name: string) =>
      `${count === 1 ? 'נכתב זיכרון חדש' : `נכתבו ${count} זיכרונות חדשים`} ב${inMemoryOf(name)}.`,
    hide: 'להסתרת הזיכרון',
    read: 'לקריאה בספר הזיכרון',
    unsubscribe: 'להפסקת העדכונים על זיכרונות חדשים',
    ownerReason: 'קיבלתם הודעה זו כי אתם מנהלים את ספר הזיכרון.',
    adminReason: 'קיבלתם הודעה זו כי ביקשתם עדכונים על זיכרונות חדשים בספר.',
  },

  reminders: {
    confirmSubject: (name: string) => `אישור הרשמה לתזכורות לזכר ${name}`,
    confirmLines: (name: string) => [
      `ביקשתם לקבל תזכורות לפני יום השנה (היארצייט) ולפני השלושים של ${name}.`,
      'כדי שנשלח אותן, יש לאשר את ההרשמה בלחיצה על הכפתור. הקישור בתוקף שבעה ימים.',
    ],
    confirmIgnore: 'אם לא ביקשתם זאת, אפשר להתעלם מההודעה הזו ולא יישלחו תזכורות.',
    confirm: 'אישור ההרשמה לתזכורות',
    welcomeSubject: (name: string) => `נרשמתם לתזכורות לזכר ${name}`,
    welcome: (name: string) => `נשלח לכם תזכורת שבוע לפני יום השנה (היארצייט) של ${name} ויום לפניו, וגם לפני השלושים.`,
    yahrzeitWeek: (name: string) => `בעוד שבוע יום השנה (היארצייט) של ${name}`,
    yahrzeitEve: (name: string) => `הערב מדליקים נר: מחר יום השנה של ${name}`,
    shloshimWeek: (name: string) => `בעוד שבוע השלושים של ${name}`,
    shloshimEve: (name: string) => `מחר השלושים של ${name}`,
    yahrzeitOn: (name: string, day: string) => `יום השנה (היארצייט) של ${name} יחול ב־${day}.`,
    shloshimOn: (name: string, day: string) => `השלושים של ${name} יחול ב־${day}.`,
    shloshimInvite: 'זה זמן טוב להיפגש, לעלות לקבר ולשתף זיכרון בספר.',
    candles: {
      atSunset: (evening: string) => `את נר הזיכרון מדליקים בערב שלפניו, ${evening}, עם השקיעה.`,
      beforeShabbat: (evening: string) =>
        `יום השנה חל בשבת, ולכן את נר הזיכרון מדליקים ביום שישי, ${evening}, לפני השקיעה – לפני הדלקת נרות השבת.`,
      beforeFestival: (evening: string) =>
        `יום השנה חל בחג, ולכן את נר הזיכרון מדליקים בערב החג, ${evening}, לפני השקיעה – לפני הדלקת נרות החג.`,
      afterShabbat: (evening: string) => `את נר הזיכרון מדליקים במוצאי שבת, ${evening}, אחרי צאת השבת.`,
      afterFestival: (evening: string) =>
        `את נר הזיכרון מדליקים בערב שלפניו, ${evening}, אחרי צאת הכוכבים, כי באותו יום חג.`,
    },
    lightInBook: 'אפשר להדליק נר גם בספר הזיכרון ולשתף בו זיכרון.',
    unsubscribe: 'הסרה מרשימת התזכורות',
    reason: 'קיבלתם הודעה זו כי נרשמתם לתזכורות של ספר הזיכרון.',
  },

  deleted: {
    bookSubject: (name: string) => `${inMemoryOf(name)} נמחק`,
    bookTitle: 'ספר הזיכרון נמחק',
    book: (name: string, byOwner: boolean, when: string) =>
      `${inMemoryOf(name)} נמחק ${byOwner ? 'לבקשתכם' : 'על ידי צוות זוכרים'} ב-${when}.`,
    bookContents: 'הזיכרונות, התמונות והסרטונים שבו נמחקו מהשרתים שלנו ואי אפשר לשחזר אותם.',
    notYou: 'אם לא ביקשתם את המחיקה, פנו אלינו מיד דרך צ׳אט התמיכה באתר.',
    accountSubject: 'החשבון שלכם בזוכרים נמחק',
    accountTitle: 'החשבון נמחק',
    account: 'החשבון שלכם בזוכרים נמחק, וכתובת הדוא״ל הזו נמחקה מהמערכת שלנו.',
    accountBookDeleted: (name: string) => `${inMemoryOf(name)} נמחק, עם כל הזיכרונות, התמונות והסרטונים שבו.`,
    accountBookHanded: (name: string) => `${inMemoryOf(name)} הועבר לידי מי שבחרתם מבני המשפחה, והוא ממשיך להתקיים.`,
    memoriesStay: 'זיכרונות שכתבתם בספרים של אחרים נשארים בהם, בשם שכתבתם.',
    paymentsKept: 'רשומות התשלום נשמרות לצורכי הנהלת חשבונות בלבד, ללא הפרטים שלכם.',
  },

  /** The sign-in e-mails GoTrue sends from supabase/templates (written from these by scripts/auth-mail-templates.ts). */
  auth: {
    confirmation: {
      title: 'ברוכים הבאים לזוכרים',
      lines: [
        'תודה שהצטרפתם לזוכרים, המקום שבו משפחה וחברים שומרים יחד את הזיכרונות, התמונות והמילים על אדם יקר.',
        'כדי להשלים את ההרשמה ולהתחיל לבנות את ספר הזיכרון, נבקש לאשר את כתובת הדוא״ל שלכם:',
      ],
      action: 'אישור כתובת הדוא״ל',
      codeLabel: 'אפשר גם להקליד באתר את קוד האישור:',
      note: 'הקישור והקוד תקפים לשעה אחת. אם לא נרשמתם לזוכרים, אפשר להתעלם מהודעה זו בשקט, והחשבון לא יופעל.',
    },
    recovery: {
      title: 'בחירת סיסמה חדשה',
      lines: [
        'קיבלנו בקשה לאפס את הסיסמה של החשבון שלכם בזוכרים.',
        'כדי לבחור סיסמה חדשה ולחזור לספר הזיכרון, לחצו על הכפתור:',
      ],
      action: 'בחירת סיסמה חדשה',
      codeLabel: 'אפשר גם להקליד באתר את קוד האימות:',
      note: 'הקישור והקוד תקפים לשעה אחת ולשימוש אחד. אם לא ביקשתם לאפס את הסיסמה, אפשר להתעלם מהודעה זו, והסיסמה הנוכחית תישאר בתוקף.',
    },
    magic_link: {
      title: 'כניסה לזוכרים',
      lines: ['ביקשתם להיכנס לחשבון שלכם בזוכרים. כדי להיכנס, לחצו על הכפתור:'],
      action: 'כניסה לחשבון',
      codeLabel: 'אפשר גם להקליד באתר את קוד הכניסה:',
      note: 'הקישור והקוד תקפים לשעה אחת ולשימוש אחד. אם לא ביקשתם להיכנס, אפשר להתעלם מהודעה זו.',
    },
    invite: {
      title: 'הוזמנתם להצטרף לזוכרים',
      lines: [
        'הוזמנתם להצטרף לזוכרים, כדי לשמור ולשתף יחד זיכרונות, תמונות ומילים על אדם יקר.',
        'לקבלת ההזמנה ולהשלמת פתיחת החשבון, לחצו על הכפתור:',
      ],
      action: 'קבלת ההזמנה',
      codeLabel: 'אפשר גם להקליד באתר את קוד ההזמנה:',
      note: 'ההזמנה תקפה לשעה אחת. אם אינכם מצפים להזמנה זו, אפשר להתעלם ממנה.',
    },
    email_change: {
      title: 'אישור כתובת דוא״ל חדשה',
      lines: [
        'ביקשתם לעדכן את כתובת הדוא״ל של החשבון שלכם בזוכרים לכתובת {{ .NewEmail }}.',
        'כדי להשלים את העדכון, לחצו על הכפתור:',
      ],
      action: 'אישור הכתובת החדשה',
      codeLabel: 'אפשר גם להקליד באתר את קוד האישור:',
      note: 'הקישור והקוד תקפים לשעה אחת. אם לא ביקשתם לשנות את הכתובת, אפשר להתעלם מהודעה זו, והכתובת הקיימת תישאר בתוקף.',
    },
  },

  newUser: {
    subject: (name: string) => `הרשמה חדשה לזוכרים: ${name}`,
    title: 'הרשמה חדשה לזוכרים',
    relationships: {
      grandparent: 'סבא או סבתא',
      spouse: 'בן או בת זוג',
      parent: 'אבא או אמא',
      sibling: 'אח או אחות',
      friend: 'חבר או חברה',
      other: 'אדם יקר אחר',
    } as Record<string, string>,
    notGiven: 'לא צוין',
    labels: {
      name: 'שם',
      email: 'דוא״ל',
      relationship: 'קרבה',
      deceased: 'לזכר',
      registeredAt: 'מועד ההרשמה',
    },
    toPanel: 'לפאנל הניהול',
    reason: 'קיבלתם הודעה זו כי אתם מנהלי המערכת של זוכרים.',
  },
} as const
