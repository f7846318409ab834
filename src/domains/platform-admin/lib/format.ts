const dateFormat = new Intl.DateTimeFormat('he-IL', { day: '2-digit', month: '2-digit', year: 'numeric' })
const dateTimeFormat = new Intl.DateTimeFormat('he-IL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** DD/MM/YYYY, as every date in the product is shown. */
export function shortDate(timestamp: string): string {
  return dateFormat.format(new Date(timestamp)).replace(/\./g, '/')
}

export function shortDateTime(timestamp: string): string {
  return dateTimeFormat.format(new Date(timestamp)).replace(/\./g, '/')
}

/** How many pages `total` rows fill, at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}
