import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { useRegenerateFamilyCode } from '@/domains/book/api/regenerate-family-code'
import { FamilyCode } from '@/domains/book/ui/FamilyCode'
import { tBooks as t } from '@/domains/book/strings/books'

export interface RenewFamilyCodeDialogProps {
  bookId: string
  currentCode: string | null
}

/**
 * A new family code replaces the one every relative already has, so it asks first, saying the old
 * code stops working, and then shows the new code to copy and pass on.
 */
export function RenewFamilyCodeDialog({ bookId, currentCode }: RenewFamilyCodeDialogProps) {
  const [asking, setAsking] = useState(false)
  // The new code stays in the dialog while it fades out; `showing` opens and closes it.
  const [newCode, setNewCode] = useState('')
  const [showing, setShowing] = useState(false)
  const regenerate = useRegenerateFamilyCode(bookId)

  const confirm = () =>
    regenerate.mutate(undefined, {
      onSuccess: (code) => {
        setAsking(false)
        setNewCode(code)
        setShowing(true)
      },
      onError: () =>
        toast.error(t('familyCode.regenerateErrorTitle'), { description: t('familyCode.regenerateError') }),
    })

  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('familyCode.regenerate')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('familyCode.confirmTitle')}
        text={t('familyCode.confirmText', { code: currentCode ?? '' })}
        confirmLabel={regenerate.isPending ? t('familyCode.regenerating') : t('familyCode.confirmButton')}
        cancelLabel={t('familyCode.cancel')}
        busy={regenerate.isPending}
        onConfirm={confirm}
      />
      <Dialog open={showing} onOpenChange={setShowing}>
        <DialogContent>
          <DialogTitle>{t('familyCode.regenerated')}</DialogTitle>
          <div className="mt-2">
            <DialogDescription>{t('familyCode.newCodeText')}</DialogDescription>
          </div>
          <div className="mt-4">
            <FamilyCode code={newCode} />
          </div>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
            <DialogClose asChild>
              <Button variant="secondary">{t('familyCode.close')}</Button>
            </DialogClose>
          </div>
        </DialogContent>
      </Dialog>
    </>
  )
}
