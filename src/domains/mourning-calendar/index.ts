export { useBookCalendar, type BookCalendar, type ShivaDetails } from './api/book-calendar'
export { BookHebrewDeathDate, HebrewDeathDate } from './ui/HebrewDeathDate'
export { YahrzeitPanel } from './ui/YahrzeitPanel'
export { AfterSunsetField } from './ui/AfterSunsetField'
