/**
 * What a browser older than the build's targets shows instead of the app: written into index.html
 * by scripts/vite-outdated-browser-plugin.ts, never part of the app's code.
 */
export const outdatedBrowserStrings = {
  title: 'הדפדפן הזה ישן מדי בשביל זוכרים',
  text: 'ספרי הזיכרון נפתחים בדפדפן עדכני. אפשר לעדכן את הדפדפן, או לפתוח את אותו הקישור באחד מאלה:',
  browsers: [
    'Safari באייפון ובאייפד, מגרסה 16.4 של iOS',
    'Chrome או Edge, מגרסה 111',
    'Firefox, מגרסה 128',
    'Samsung Internet, מגרסה 22',
  ],
  iphone: 'באייפון מעדכנים בהגדרות ‹ כללי ‹ עדכון תוכנה.',
} as const
