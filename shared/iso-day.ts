/** The ISO calendar date (YYYY-MM-DD) `days` whole days after `iso` (before it when negative). */
export function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number)
  const date = new Date(Date.UTC(year!, month! - 1, day! + days))
  const pad = (value: number, width = 2) => String(value).padStart(width, '0')
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}
