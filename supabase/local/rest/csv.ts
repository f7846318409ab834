/** `Accept: text/csv`: the JSON array document rendered as CSV (header row, then one line per row). */

function csvField(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function jsonArrayToCsv(body: string): string {
  const parsed = JSON.parse(body) as unknown
  const rows = (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, unknown>>
  if (rows.length === 0) return ''
  if (typeof rows[0] !== 'object' || rows[0] === null) return rows.map(csvField).join('\n')
  const columns = Object.keys(rows[0]!)
  const lines = [columns.map(csvField).join(','), ...rows.map((row) => columns.map((c) => csvField(row[c])).join(','))]
  return lines.join('\n')
}
