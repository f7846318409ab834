import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { useModerateMemory } from '../api/moderate-memory'
import type { Memory } from '../lib/memory-model'
import { EyeIcon, EyeOffIcon, TrashIcon } from '@/components/ui/media-icons'

/** The owner's and platform admin's actions on a memory: hide from visitors / show again, delete. */
export function ModerationActions({ memory }: { memory: Memory }) {
  const moderate = useModerateMemory()
  const [confirming, setConfirming] = useState(false)

  const run = (action: 'hide' | 'show' | 'delete') =>
    moderate.mutate(
      { memoryId: memory.id, action },
      {
        onSuccess: () => {
          setConfirming(false)
          toast.success(
            t(action === 'hide' ? 'moderation.hidden' : action === 'show' ? 'moderation.shown' : 'moderation.deleted'),
          )
        },
        onError: () => toast.error(t('moderation.failed')),
      },
    )

  return (
    <div role="group" aria-label={t('moderation.label')} className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        disabled={moderate.isPending}
        onClick={() => run(memory.isHidden ? 'show' : 'hide')}
      >
        {memory.isHidden ? <EyeIcon className="size-4" /> : <EyeOffIcon className="size-4" />}
        {memory.isHidden ? t('moderation.show') : t('moderation.hide')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={moderate.isPending}
        onClick={() => setConfirming(true)}
        className="text-danger-600"
      >
        <TrashIcon className="size-4" />
        {t('moderation.delete')}
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle>{t('moderation.confirmTitle')}</DialogTitle>
          <DialogDescription className="mt-3 leading-relaxed">
            {t('moderation.confirmText', { name: memory.authorName })}
          </DialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('moderation.cancel')}
            </Button>
            <Button variant="danger" disabled={moderate.isPending} onClick={() => run('delete')}>
              {t('moderation.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  )
}
