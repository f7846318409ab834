import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { useDeleteBook } from '@/domains/book/api/delete-book'
import { tDashboard as t } from '@/i18n/dashboard'
import { Refusal } from '@/lib/refusal'
import { withHonorific } from '@/lib/honorific'

/**
 * Deleting a book, in a section of its own below everything else: it asks first, naming the
 * deceased with the honorific, and only the confirm button deletes; then a toast and the home page.
 */
export function DeleteBookDialog({ bookId, bookName }: { bookId: string; bookName: string }) {
  const [open, setOpen] = useState(false)
  const navigate = useNavigate()
  const remove = useDeleteBook()

  const confirm = () =>
    remove.mutate(bookId, {
      onSuccess: () => {
        setOpen(false)
        toast.success(t('adminDashboard.deleted'))
        navigate('/')
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
      />
    </section>
  )
}
