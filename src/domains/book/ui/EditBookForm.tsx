import { deceasedGenderOf } from '@shared/deceased-words.ts'
import { useState } from 'react'
import { toast } from 'sonner'
import { Card } from '@/components/ui/Card'
import type { SessionUser } from '@/domains/accounts/session/useAuthSession'
import { tBooks as t } from '@/domains/book/strings/books'
import { formatDisplayDate } from '@/lib/dates'
import type { EditableBook } from '@/domains/book/api/book-row'
import { BookUpdateError, useUpdateBook } from '@/domains/book/api/update-book'
import type { BookDetailsOutput } from '../schemas/book-details'
import { BookDetailsForm, type BookImages } from './BookDetailsForm'

export interface EditBookFormProps {
  book: EditableBook
  user: SessionUser
  submitLabel: string
  onSaved: (book: EditableBook) => void
}

/** An existing book's details in the book form; saving runs the post-update checks. */
export function EditBookForm({ book, user, submitLabel, onSaved }: EditBookFormProps) {
  const update = useUpdateBook(book.id)
  const [formError, setFormError] = useState<string | undefined>()

  const save = (details: BookDetailsOutput, images: BookImages) => {
    setFormError(undefined)
    update.mutate(
      { ...details, ...images },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const message = error instanceof BookUpdateError ? error.message : t('edit.saveError')
          setFormError(message)
          toast.error(message)
        },
      },
    )
  }

  return (
    <Card>
      <BookDetailsForm
        userId={user.id}
        defaultValues={{
          full_name: book.full_name,
          creator_name: book.creator_name ?? user.fullName ?? '',
          birth_date: formatDisplayDate(book.birth_date),
          death_date: formatDisplayDate(book.death_date),
          died_after_sunset: book.died_after_sunset,
          deceased_gender: deceasedGenderOf(book.deceased_gender, book.full_name) ?? '',
          memory_quote: book.memory_quote ?? '',
        }}
        defaultImages={{ profile_image_url: book.profile_image_url, background_image_url: book.background_image_url }}
        withBackground
        submitLabel={submitLabel}
        busyLabel={t('edit.saving')}
        busy={update.isPending}
        onSubmit={save}
        formError={formError}
      />
    </Card>
  )
}
