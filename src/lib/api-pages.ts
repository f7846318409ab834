// One way to read a list longer than one API answer, for the SPA and the edge functions.
export { readAllPages } from '@shared/api-pages.ts'
