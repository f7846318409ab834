import { useState } from 'react'
import { Link } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { useDeleteBook } from '@/domains/book/api/delete-book'
import { tDashboard as t } from '@/i18n/dashboard'
import { Refusal } from '@/lib/refusal'
import { withHonorific } from '@shared/honorific.ts'

/** Before a book is deleted: a copy of all of it can be saved first (the export screen). */
function ExportFirst({ bookId }: { bookId: string }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl bg-plum-50 px-4 py-3">
      <p className="text-ink-soft">{t('adminDashboard.exportFirstText')}</p>
      <Link
        to={`/book-export?book=${encodeURIComponent(bookId)}`}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        {t('adminDashboard.exportFirst')}
      </Link>
    </div>
  )
}

/**
 * Deleting a book, in a section of its own below everything else: it asks first, naming the
 * deceased with the honorific and offering to export the book before, and only the confirm button
 * deletes; then `onDeleted` (the page says it calmly).
 */
export function DeleteBookDialog({
  bookId,
  bookName,
  onDeleted,
}: {
  bookId: string
  bookName: string
  onDeleted: () => void
}) {
  const [open, setOpen] = useState(false)
  const remove = useDeleteBook()

  const confirm = () =>
    remove.mutate(bookId, {
      onSuccess: () => {
        setOpen(false)
        onDeleted()
      },
      onError: (error) =>
        toast.error(t('adminDashboard.deleteError'), {
          description: error instanceof Refusal ? error.message : undefined,
        }),
    })

  return (
    <section aria-labelledby="delete-book-title" className="flex flex-col items-start gap-3 border-t border-line pt-8">
      <h2 id="delete-book-title" className="font-sans text-lg font-bold text-ink">
        {t('adminDashboard.deleteTitle')}
      </h2>
      <p className="text-ink-soft">{t('adminDashboard.deleteHint')}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('adminDashboard.deleteBook')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('adminDashboard.deleteTitle')}
        text={t('adminDashboard.deleteConfirm', { name: withHonorific(bookName) })}
        confirmLabel={remove.isPending ? t('adminDashboard.deleting') : t('adminDashboard.deleteConfirmButton')}
        cancelLabel={t('adminDashboard.cancel')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirm}
      >
        <ExportFirst bookId={bookId} />
      </ConfirmDialog>
    </section>
  )
}
