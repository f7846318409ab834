// One calendar module for the SPA and the edge functions.
export * from '../../../../supabase/functions/_shared/mourning-calendar.ts'
