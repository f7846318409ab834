import { useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { RadioGroup, RadioGroupItem } from '@/components/ui/RadioGroup'
import { tBooks as t } from '@/domains/book/strings/books'
import { useSetBookPrivacy } from '@/domains/book/api/set-book-privacy'
import { FamilyCode } from './FamilyCode'

export interface PrivacyDialogProps {
  bookId: string
  isPublic: boolean
  familyCode: string | null
  open: boolean
  onOpenChange: (open: boolean) => void
}

type Choice = 'public' | 'private'

function ChoiceItem({ value, title, hint }: { value: Choice; title: string; hint: ReactNode }) {
  const id = `privacy-${value}`
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-2xl border border-line p-4 has-[:checked]:border-plum-500 has-[:checked]:bg-plum-50"
    >
      <RadioGroupItem id={id} value={value} className="mt-1" />
      <span className="flex flex-col gap-0.5">
        <span className="font-medium text-ink">{title}</span>
        <span className="text-sm text-ink-muted">{hint}</span>
      </span>
    </label>
  )
}

/**
 * Privacy settings: public, or family-code only; the family code with a copy action.
 * Saving shows the 'updated' toast with what changed, or, when the save fails,
 * an error toast that keeps the dialog open with the choice as it was.
 */
export function PrivacyDialog({ bookId, isPublic, familyCode, open, onOpenChange }: PrivacyDialogProps) {
  const [choice, setChoice] = useState<Choice>(isPublic ? 'public' : 'private')
  const privacy = useSetBookPrivacy(bookId)

  const save = () => {
    const nextPublic = choice === 'public'
    privacy.mutate(nextPublic, {
      onSuccess: () => {
        toast.success(t('privacy.updated'), {
          description: nextPublic ? t('privacy.nowPublic') : t('privacy.nowPrivate'),
        })
        onOpenChange(false)
      },
      onError: () => toast.error(t('privacy.errorTitle'), { description: t('privacy.error') }),
    })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setChoice(isPublic ? 'public' : 'private')
        onOpenChange(next)
      }}
    >
      <DialogContent>
        <DialogTitle>{t('privacy.title')}</DialogTitle>
        <DialogDescription>{t('privacy.description')}</DialogDescription>
        <RadioGroup
          className="mt-5"
          value={choice}
          onValueChange={(value) => setChoice(value as Choice)}
          aria-label={t('privacy.title')}
        >
          <ChoiceItem value="public" title={t('privacy.public')} hint={t('privacy.publicHint')} />
          <ChoiceItem value="private" title={t('privacy.private')} hint={t('privacy.privateHint')} />
        </RadioGroup>
        {familyCode && (
          <div className="mt-5">
            <FamilyCode code={familyCode} />
          </div>
        )}
        <Button className="mt-6 w-full" onClick={save} disabled={privacy.isPending}>
          {privacy.isPending ? t('privacy.saving') : t('privacy.save')}
        </Button>
      </DialogContent>
    </Dialog>
  )
}
