import { useMutation, useQueryClient } from '@tanstack/react-query'
import { tBooks as t } from '@/domains/book/strings/books'
import { getSupabase } from '@/lib/supabase'
import { editableBookColumns, type EditableBook } from './book-row'
import { bookKeys, refreshBookViews } from './book-keys'
import { removeUnusedBookPicture } from './upload-book-image'
import { toRefusal } from '@/lib/refusal'

export type BookChanges = Pick<
  EditableBook,
  | 'full_name'
  | 'creator_name'
  | 'birth_date'
  | 'death_date'
  | 'died_after_sunset'
  | 'deceased_gender'
  | 'memory_quote'
  | 'profile_image_url'
  | 'background_image_url'
>

/** The update did not take; the message says why. */
export class BookUpdateError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BookUpdateError'
  }
}

/**
 * Saves the book's details and checks what the database returned: the row must come back, with
 * the dates as sent. No row back means the caller may not edit the book; other dates back mean the
 * database refused them: each refusal is told as a possible permission problem.
 */
async function updateBook(id: string, changes: BookChanges): Promise<EditableBook> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.from('memory_books').update(changes).eq('id', id).select(editableBookColumns)
  if (error) throw toRefusal(error)
  const saved = (data as unknown as EditableBook[])[0]
  if (!saved) throw new BookUpdateError(t('edit.updateFailed'))
  if (saved.birth_date !== changes.birth_date || saved.death_date !== changes.death_date) {
    throw new BookUpdateError(t('edit.datesNotSaved'))
  }
  return saved
}

/** The pictures the book showed before and no longer does (replaced or removed). */
function replacedPictures(before: EditableBook | undefined, saved: EditableBook): string[] {
  if (!before) return []
  return [
    before.profile_image_url !== saved.profile_image_url ? before.profile_image_url : null,
    before.background_image_url !== saved.background_image_url ? before.background_image_url : null,
  ].filter((url): url is string => Boolean(url))
}

export function useUpdateBook(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: BookChanges) => updateBook(id, changes),
    onSuccess: async (saved) => {
      const before = queryClient.getQueryData<EditableBook | null>(bookKeys.editable(id)) ?? undefined
      queryClient.setQueryData(bookKeys.editable(id), saved)
      void refreshBookViews(queryClient)
      await Promise.all(replacedPictures(before, saved).map(removeUnusedBookPicture))
    },
  })
}
