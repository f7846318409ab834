import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { RadioGroup, RadioGroupItem } from '@/components/ui/RadioGroup'
import { useMyBooks, type MyBook } from '@/domains/book/api/my-books'
import { tDashboard as t } from '@/i18n/dashboard'
import { Refusal } from '@/lib/refusal'
import { useDeleteAccount } from '@/domains/accounts/api/delete-account'
import { useHeirs, type Heir } from '@/domains/accounts/api/heirs'

const DELETE = 'delete'

const smallLink = buttonClasses({ variant: 'secondary', size: 'sm' })

/**
 * What can be done with a book before the account goes: save a copy of it (the export screen) and,
 * when nobody in the family can receive it yet, hand it over from its management page.
 */
function BeforeDeleting({ book, canHandOver }: { book: MyBook; canHandOver: boolean }) {
  const id = encodeURIComponent(book.id)
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={`/book-export?book=${id}`} className={smallLink}>
        {t('account.exportBook')}
      </Link>
      {!canHandOver && (
        <Link to={`/admin-dashboard?book=${id}`} className={smallLink}>
          {t('account.handOverFirst')}
        </Link>
      )}
    </div>
  )
}

/** One owned book: deleted, or (when it has confirmed family admins) handed to one of them; a copy can be saved first. */
function OwnedBookChoice({
  book,
  heirs,
  choice,
  onChoose,
}: {
  book: MyBook
  heirs: Heir[]
  choice: string
  onChoose: (value: string) => void
}) {
  const name = book.full_name ?? ''
  if (heirs.length === 0) {
    return (
      <li className="flex flex-col gap-2">
        <p className="text-ink-soft">{t('account.bookDeleted', { name })}</p>
        <p className="text-sm text-ink-muted">{t('account.noHeirHint')}</p>
        <BeforeDeleting book={book} canHandOver={false} />
      </li>
    )
  }
  const titleId = `heir-${book.id}`
  return (
    <li className="flex flex-col gap-2">
      <p id={titleId} className="font-medium text-ink">
        {t('account.bookChoice', { name })}
      </p>
      <RadioGroup value={choice} onValueChange={onChoose} aria-labelledby={titleId}>
        {[
          { id: DELETE, label: t('account.deleteOption') },
          ...heirs.map((heir) => ({ id: heir.id, label: t('account.handOption', { name: heir.name }) })),
        ].map((option) => (
          <label key={option.id} htmlFor={`${titleId}-${option.id}`} className="flex items-center gap-3 text-ink">
            <RadioGroupItem id={`${titleId}-${option.id}`} value={option.id} />
            {option.label}
          </label>
        ))}
      </RadioGroup>
      <BeforeDeleting book={book} canHandOver />
    </li>
  )
}

/**
 * Deleting the account: what happens to each owned book (deleted, or handed to a confirmed family
 * admin; a copy can be exported first, and a book nobody can receive yet can be handed over from its
 * management page), then the user types their e-mail; the button works only when it matches.
 */
export default function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const navigate = useNavigate()
  const books = useMyBooks()
  const owned = (books.data ?? []).filter((book) => book.is_owner)
  const { heirs, isPending } = useHeirs(owned.map((book) => book.id))
  const [choices, setChoices] = useState<Record<string, string>>({})
  const [typed, setTyped] = useState('')
  const remove = useDeleteAccount()
  const matches = typed.trim().toLowerCase() === email.toLowerCase()

  const confirm = () => {
    const handOver = Object.fromEntries(Object.entries(choices).filter(([, choice]) => choice !== DELETE))
    remove.mutate(
      { email: typed.trim(), handOver },
      {
        onSuccess: async () => {
          await remove.leave()
          toast.success(t('account.deleted'))
          navigate('/', { replace: true })
        },
        onError: (error) =>
          toast.error(t('account.failed'), {
            description: error instanceof Refusal ? error.message : undefined,
          }),
      },
    )
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">
        <DialogTitle>{t('account.dialogTitle')}</DialogTitle>
        <div className="mt-2 flex flex-col gap-4">
          <DialogDescription>{t('account.explain')}</DialogDescription>
          {books.isPending || isPending ? (
            <p className="text-ink-muted">{t('account.loadingBooks')}</p>
          ) : (
            owned.length > 0 && (
              <ul className="flex flex-col gap-4">
                {owned.map((book) => (
                  <OwnedBookChoice
                    key={book.id}
                    book={book}
                    heirs={heirs[book.id] ?? []}
                    choice={choices[book.id] ?? DELETE}
                    onChoose={(value) => setChoices((current) => ({ ...current, [book.id]: value }))}
                  />
                ))}
              </ul>
            )
          )}
          <Field
            label={t('account.emailLabel')}
            hint={
              <>
                {t('account.emailHint')} <bdi dir="ltr">{email}</bdi>
              </>
            }
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                dir="ltr"
                autoComplete="off"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
          <Button variant="danger" onClick={confirm} disabled={!matches || isPending || remove.isPending}>
            {remove.isPending ? t('account.deleting') : t('account.confirm')}
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">{t('account.cancel')}</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  )
}
