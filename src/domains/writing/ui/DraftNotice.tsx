import { Button } from '@/components/ui/Button'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'

/** Shown when the form reopens with a draft saved on this device. */
export function DraftNotice({ onDiscard, disabled }: { onDiscard: () => void; disabled: boolean }) {
  return (
    <div
      role="status"
      className="flex items-center justify-between gap-3 rounded-2xl border border-gold-300 bg-gold-50 px-4 py-3"
    >
      <p className="text-sm font-medium text-gold-700">{t('draft.restored')}</p>
      <Button variant="ghost" size="sm" onClick={onDiscard} disabled={disabled} className="shrink-0">
        {t('draft.discard')}
      </Button>
    </div>
  )
}
