import { Button } from '@/components/ui/Button'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'

export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-danger-600/30 bg-danger-50 p-4"
    >
      <p className="font-medium text-danger-700">{text}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </div>
  )
}
