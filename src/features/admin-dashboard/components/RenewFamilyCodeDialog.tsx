import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
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
  const [open, setOpen] = useState(false)
  const [newCode, setNewCode] = useState<string | null>(null)
  const regenerate = useRegenerateFamilyCode(bookId)

  const openChange = (next: boolean) => {
    setOpen(next)
    if (!next) setNewCode(null)
  }

  const confirm = () =>
    regenerate.mutate(undefined, {
      onSuccess: (code) => {
        setNewCode(code)
      },
      onError: () =>
        toast.error(t('familyCode.regenerateErrorTitle'), { description: t('familyCode.regenerateError') }),
    })

  return (
    <>
      <Button variant="secondary" onClick={() => openChange(true)}>
        {t('familyCode.regenerate')}
      </Button>
      <Dialog open={open} onOpenChange={openChange}>
        <DialogContent role={newCode ? 'dialog' : 'alertdialog'}>
          {newCode ? (
            <>
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
            </>
          ) : (
            <>
              <DialogTitle>{t('familyCode.confirmTitle')}</DialogTitle>
              <div className="mt-2">
                <DialogDescription>{t('familyCode.confirmText', { code: currentCode ?? '' })}</DialogDescription>
              </div>
              <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
                <Button onClick={confirm} disabled={regenerate.isPending}>
                  {regenerate.isPending ? t('familyCode.regenerating') : t('familyCode.confirmButton')}
                </Button>
                <DialogClose asChild>
                  <Button variant="secondary">{t('familyCode.cancel')}</Button>
                </DialogClose>
              </div>
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  )
}
