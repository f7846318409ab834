import { Spinner } from '@/components/ui/Spinner'

export function Checking({ label }: { label: string }) {
  return (
    <div className="flex min-h-[40dvh] items-center justify-center gap-3 text-ink-soft">
      <Spinner label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  )
}
