import { createTranslator } from './translator'

/** Birth and death dates: the date field's messages and how dates are shown. */
export const datesStrings = {
  placeholder: 'DD/MM/YYYY',
  hint: 'לדוגמה 14/03/1948, 14/3/48 או 14031948',
  errors: {
    format: 'פורמט תאריך לא תקין. כתבו את התאריך בפורמט DD/MM/YYYY, D/M/YY או ספרות בלבד (DDMMYYYY)',
    month: 'חודש לא תקין (1-12)',
    day: 'יום לא תקין (1-31)',
    year: 'שנה לא תקינה',
    notExisting: 'תאריך לא קיים',
    invalid: 'תאריך לא תקין',
    futureDeath: 'תאריך הפטירה לא יכול להיות בעתיד',
    deathBeforeBirth: 'תאריך הפטירה לא יכול להיות לפני תאריך הלידה',
  },
  lifespan: '{birth} – {death}',
} as const

export const tDates = createTranslator(datesStrings)
