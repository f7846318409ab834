export { useBookCalendar, type BookCalendar, type ShivaDetails } from './book-calendar'
export { BookHebrewDeathDate, HebrewDeathDate } from './HebrewDeathDate'
export { YahrzeitPanel } from './YahrzeitPanel'
export { AfterSunsetField } from './AfterSunsetField'
