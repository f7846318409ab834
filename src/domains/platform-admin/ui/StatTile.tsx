export interface StatTileProps {
  label: string
  value: string | number | undefined
}

/** One figure with its name, e.g. the number of books. */
export function StatTile({ label, value }: StatTileProps) {
  return (
    <div className="flex min-w-32 flex-1 flex-col gap-1 rounded-2xl border border-line bg-surface px-5 py-4 shadow-soft">
      <span className="text-sm text-ink-soft">{label}</span>
      <span className="text-2xl font-bold text-ink tabular-nums">
        {value === undefined ? '—' : typeof value === 'number' ? value.toLocaleString('he-IL') : value}
      </span>
    </div>
  )
}
