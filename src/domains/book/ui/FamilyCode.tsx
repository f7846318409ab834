import { Button } from '@/components/ui/Button'
import { tBooks as t } from '@/domains/book/strings/books'
import { copyWithToast } from '@/lib/clipboard'

/** The book's family code, large and spaced for reading aloud, with a copy button. */
export function FamilyCode({ code }: { code: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-canvas px-4 py-3">
      <div className="flex flex-col">
        <span className="text-sm text-ink-muted">{t('familyCode.label')}</span>
        <span
          data-testid="family-code"
          dir="ltr"
          className="text-start font-mono text-2xl font-bold tracking-[0.3em] text-plum-800"
        >
          {code}
        </span>
      </div>
      <Button variant="secondary" size="sm" onClick={() => void copyWithToast(code, t('familyCode.copyLabel'))}>
        {t('familyCode.copy')}
      </Button>
    </div>
  )
}
