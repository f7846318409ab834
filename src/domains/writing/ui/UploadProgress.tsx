import { tAddMemory as t } from '@/domains/writing/strings/add-memory'
import type { SubmitProgress } from '../lib/submit-memory'

/** How far the upload is: a bar with its percentage, then 'saving'. */
export function UploadProgress({ progress }: { progress: SubmitProgress }) {
  const label =
    progress.phase === 'uploading' ? t('submit.uploading', { percent: progress.percent }) : t('submit.saving')
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <p className="text-sm font-medium text-ink-soft">{label}</p>
      <div
        role="progressbar"
        aria-label={t('submit.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        className="h-2.5 overflow-hidden rounded-full bg-plum-100"
      >
        <div
          className="h-full rounded-full bg-plum-600 transition-[width] duration-300"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
    </div>
  )
}
