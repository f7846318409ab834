import { Spinner } from '@/components/ui/Spinner'

/** A spinner with its text shown (the screen says what it is waiting for). */
export function BusyNote({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-10 text-ink-soft">
      <Spinner label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  )
}
