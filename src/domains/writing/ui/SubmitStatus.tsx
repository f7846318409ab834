import { Button } from '@/components/ui/Button'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'
import type { SubmitProgress } from '../lib/submit-memory'
import { UploadProgress } from './UploadProgress'

export type SubmitState =
  | { kind: 'idle' }
  | { kind: 'sending'; progress: SubmitProgress }
  /** Sent but not delivered: waiting for the connection. */
  | { kind: 'offline' }
  | { kind: 'refused'; title: string; message: string }

/** Above the save button: upload progress, the waiting-for-connection note, or the server's refusal. */
export function SubmitStatus({ state, onRetry }: { state: SubmitState; onRetry: () => void }) {
  if (state.kind === 'sending') return <UploadProgress progress={state.progress} />
  if (state.kind === 'offline') {
    return (
      <div role="alert" className="flex flex-col gap-2 rounded-2xl border border-gold-300 bg-gold-50 p-4">
        <p className="font-semibold text-gold-700">{t('errors.offlineTitle')}</p>
        <p className="text-sm leading-relaxed text-ink-soft">{t('errors.offlineText')}</p>
        <Button variant="secondary" size="sm" onClick={onRetry} className="self-start">
          {t('errors.retryNow')}
        </Button>
      </div>
    )
  }
  if (state.kind === 'refused') {
    return (
      <div role="alert" className="rounded-2xl border border-danger-600/30 bg-danger-50 p-4">
        <p className="font-semibold text-danger-700">{state.title}</p>
        {state.message && <p className="mt-1 text-sm leading-relaxed text-ink-soft">{state.message}</p>}
      </div>
    )
  }
  return null
}
