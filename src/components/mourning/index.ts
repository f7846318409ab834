export {
  bookCalendarQueryKey,
  shivaDetailsOf,
  useBookCalendar,
  type BookCalendar,
  type ShivaDetails,
} from './book-calendar'
export { longDate, mediumDate } from './format'
export { BookHebrewDeathDate, HebrewDeathDate } from './HebrewDeathDate'
export { ShivaNotice } from './ShivaNotice'
export { YahrzeitPanel } from './YahrzeitPanel'
export { AfterSunsetField } from './AfterSunsetField'
