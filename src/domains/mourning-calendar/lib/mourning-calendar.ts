// One calendar module for the SPA and the edge functions.
export * from '@shared/mourning-calendar.ts'
