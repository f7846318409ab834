import { createTranslator } from '../../../i18n/translator'
import { memoryPromptStrings } from '../../../i18n/memory-prompts'

/**
 * Reading a memory book: the family-code gate, /view-book (counts, search, view modes, memory
 * cards, the full-screen viewer, moderation), the slideshow and the memory-book viewer.
 * The prompts and relations are shared with the add-memory form (src/domains/writing/strings/add-memory.ts).
 */
export const memoriesStrings = {
  prompts: memoryPromptStrings,

  /** The view's relation filter. */
  relationFilter: {
    all: 'כל הקשרים',
    familyMember: 'בן משפחה',
    family: 'משפחה',
    friend: 'חבר',
    neighbour: 'שכן',
    colleague: 'קולגה',
    acquaintance: 'מכר רחוק',
    other: 'אחר',
  },

  /** The values the add-memory form stores; family-code entrants get `familyMember`. */
  relationValues: {
    familyMember: 'בן משפחה',
    family: 'משפחה',
    friend: 'מהחברים',
    neighbour: 'מהשכנים',
    colleague: 'מהעבודה',
    acquaintance: 'מהמכרים',
    other: 'קשר אחר',
  },

  book: {
    notFound: 'ספר זיכרון לא נמצא',
    notFoundText: 'ייתכן שהקישור שגוי או שהספר הוסר. כדאי לבדוק את הקישור עם מי ששלח אותו.',
    backHome: 'חזרה לדף הבית',
    loadErrorText: 'לא ניתן למצוא את ספר הזיכרון',
    memoriesLoadError: 'שגיאה בטעינת זיכרונות',
    viewerLoadError: 'שגיאה בטעינת הזיכרונות',
    tryAgain: 'לנסות שוב',
    photoAlt: 'תמונה של {name}',
    years: '{from}–{to}',
    quote: '״{quote}״',
    emailConfirmed: 'כתובת המייל אושרה, ברוכים הבאים',
  },

  gate: {
    title: 'הספר שמור למשפחה',
    text: 'כדי לקרוא את הזיכרונות, הזינו את הקוד המשפחתי שקיבלתם מבני המשפחה.',
    label: 'קוד משפחתי',
    hint: 'הקוד מורכב מ־4 או מ־6 תווים',
    show: 'הצגת הקוד',
    hide: 'הסתרת הקוד',
    submit: 'כניסה לספר',
    checking: 'בודק את הקוד…',
    empty: 'אנא הזינו את הקוד המשפחתי',
    wrongTitle: 'קוד שגוי',
    wrongText: 'אנא בדקו את הקוד ונסו שוב',
    locked: 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות',
    paused: 'כדי לשמור על הספר, הכניסה בהקלדת הקוד נעצרה לזמן מה. בקשו מהמשפחה את הקישור לספר, והוא ייפתח מיד.',
    failed: 'לא ניתן לבדוק את הקוד כרגע, נסו שוב בעוד רגע',
    granted: 'גישה אושרה ✓',
    adminWelcome: 'ברוך הבא, מנהל משפחה! 👑',
    ownerWelcome: 'ברוכים הבאים לספר שלכם',
    codeHolderWelcome: 'ברוכים הבאים, הספר פתוח בפניכם בזכות הקוד המשפחתי',
  },

  header: {
    back: 'חזרה לאזור האישי',
    share: 'שיתוף',
    addMemory: 'הוספת זיכרון',
    linkCopied: 'הקישור הועתק',
    copyFailed: 'לא ניתן להעתיק את הקישור',
  },

  counts: {
    label: 'סיכום הספר',
    shown: 'מוצגים {shown} מתוך {total} זיכרונות',
    shownPhotos: 'מוצגות {shown} מתוך {total} תמונות',
    memories: 'זיכרונות',
    photos: 'תמונות',
    videos: 'סרטונים',
    participants: 'משתתפים',
  },

  toolbar: {
    searchLabel: 'חיפוש בזיכרונות',
    searchPlaceholder: 'חיפוש לפי שם, קשר או מילה',
    viewLabel: 'אופן התצוגה',
    sortLabel: 'סדר',
    relationLabel: 'קשר',
    clearFilters: 'ניקוי החיפוש והסינון',
  },

  viewModes: {
    full: 'מלאה',
    text: 'טקסט בלבד',
    gallery: 'גלריה',
    videos: 'סרטונים',
    cards: 'כרטיסים',
  },

  sort: {
    newest: 'החדשים קודם',
    oldest: 'הישנים קודם',
  },

  empty: {
    noMemories: 'עדיין לא נכתבו זיכרונות בספר',
    noMemoriesText: 'אפשר להיות הראשונים לכתוב זיכרון.',
    noMatches: 'לא נמצאו זיכרונות מתאימים',
    noMatchesText: 'נסו מילה אחרת, או נקו את הסינון.',
    noPhotos: 'אין עדיין תמונות בספר',
    noVideos: 'אין עדיין סרטונים בספר',
  },

  card: {
    open: 'לזיכרון המלא',
    openLabel: 'פתיחת הזיכרון של {name} במסך מלא',
    /** Read after `open` by screen readers: the button's name starts with its visible words. */
    openFor: 'של {name}',
    hiddenBadge: 'מוסתר מהמבקרים',
    imageAlt: 'תמונה מתוך הזיכרון של {name}',
    videoLabel: 'סרטון מאת {name}',
    moreImages: '+{count}',
    loadMore: 'עוד זיכרונות',
  },

  moderation: {
    label: 'ניהול הזיכרון',
    hide: 'הסתרה',
    show: 'הצגה מחדש',
    delete: 'מחיקה',
    hidden: 'הזיכרון הוסתר מהמבקרים',
    shown: 'הזיכרון מוצג שוב',
    deleted: 'הזיכרון נמחק',
    failed: 'לא ניתן לבצע את הפעולה',
    confirmTitle: 'למחוק את הזיכרון?',
    confirmText: 'הזיכרון של {name} יימחק לצמיתות, יחד עם התמונות והסרטון שבו. פעולה זו בלתי הפיכה.',
    confirm: 'מחיקה לצמיתות',
    cancel: 'ביטול',
  },

  viewer: {
    title: 'זיכרון מאת {name}',
    counter: '{n} מתוך {total}',
    previous: 'הקודם',
    next: 'הבא',
    cardsHint: 'מחליקים או משתמשים בחצים כדי לעבור בין הזיכרונות',
  },

  scrollToTop: 'חזרה לראש הדף',

  slideshow: {
    title: 'מצגת הזיכרונות של {name}',
    counter: '{n} מתוך {total}',
    pause: 'השהיית המצגת',
    play: 'המשך המצגת',
    previous: 'הזיכרון הקודם',
    next: 'הזיכרון הבא',
    exit: 'יציאה מהמצגת',
    paused: 'המצגת מושהית',
    keysHint: 'חצים: מעבר · רווח: השהיה · Esc: יציאה',
    deniedTitle: 'המצגת שמורה לבני המשפחה',
    deniedText: 'רק בני משפחה יכולים לצפות במצגת הזיכרונות. מי שקיבל קוד משפחתי נכנס דרך ספר הזיכרון.',
    toBook: 'לספר הזיכרון',
    empty: 'אין עדיין זיכרונות להצגה',
  },

  memoryBook: {
    title: 'ספר הזיכרונות של {name}',
    page: 'עמוד {n} מתוך {total}',
    previous: 'העמוד הקודם',
    next: 'העמוד הבא',
    close: 'חזרה לאזור האישי',
    toBook: 'חזרה לספר',
    enlargeToggle: 'הגדלת תמונות בלחיצה',
    enlarge: 'הגדלת התמונה',
    enlargedTitle: 'התמונה בגודל מלא',
    noImages: 'אין תמונות בזיכרון הזה',
    keysHint: 'חצים: דפדוף · Esc: חזרה',
  },
} as const

export const tMemories = createTranslator(memoriesStrings)
