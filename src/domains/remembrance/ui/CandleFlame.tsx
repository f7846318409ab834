import { cn } from '@/lib/cn'

/**
 * A memorial candle drawn in CSS: a glass holder, a cream candle and, when lit, a slowly swaying
 * flame with a soft glow. The motion stops for visitors who ask for reduced motion.
 */
export function CandleFlame({ lit, label, className }: { lit: boolean; label: string; className?: string }) {
  return (
    <div role="img" aria-label={label} className={cn('relative flex h-36 w-24 flex-col items-center', className)}>
      {lit && (
        <div
          aria-hidden
          className="absolute top-0 size-24 rounded-full bg-[radial-gradient(circle,rgb(255_214_140/0.75)_0%,rgb(255_214_140/0)_70%)] animate-candle-glow motion-reduce:animate-none"
        />
      )}
      <div aria-hidden className="relative mt-7 flex h-9 w-4 items-end justify-center">
        {lit && (
          <div className="absolute bottom-1 h-9 w-4 origin-bottom animate-flame rounded-[50%_50%_45%_45%/65%_65%_35%_35%] bg-[radial-gradient(ellipse_at_50%_75%,#fff7df_0%,#ffd98a_35%,#f3a53c_70%,rgb(214_110_40/0.6)_100%)] shadow-[0_0_14px_4px_rgb(255_196_110/0.45)] motion-reduce:animate-none" />
        )}
        <div className="relative h-2 w-0.5 rounded-full bg-ink-soft" />
      </div>
      <div
        aria-hidden
        className="relative h-14 w-11 rounded-t-md bg-gradient-to-l from-gold-100 via-surface to-gold-50 shadow-inner"
      />
      <div aria-hidden className="h-3 w-16 rounded-b-xl rounded-t-sm bg-gradient-to-l from-gold-500 to-gold-300" />
    </div>
  )
}
