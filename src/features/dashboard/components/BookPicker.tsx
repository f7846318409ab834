import type { MyBook } from '@/domains/book/api/my-books'
import { tDashboard as t } from '@/i18n/dashboard'
import { cn } from '@/lib/cn'
import { withHonorific } from '@shared/honorific.ts'

export interface BookPickerProps {
  books: readonly MyBook[]
  selectedId: string
  onSelect: (id: string) => void
}

/** Shown when the user has more than one book: one button per book, the selected one pressed. */
export function BookPicker({ books, selectedId, onSelect }: BookPickerProps) {
  return (
    <nav aria-label={t('picker.label')}>
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {books.map((book) => {
          const selected = book.id === selectedId
          return (
            <li key={book.id} className="shrink-0">
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onSelect(book.id)}
                className={cn(
                  'flex min-h-11 flex-col items-start rounded-2xl border px-4 py-2 text-start transition-colors',
                  'focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none',
                  selected
                    ? 'border-plum-500 bg-plum-50 text-plum-800'
                    : 'border-line bg-surface text-ink hover:border-plum-200',
                )}
              >
                <span className="font-medium">{withHonorific(book.full_name)}</span>
                {!book.is_owner && <span className="text-xs text-ink-muted">{t('picker.familyAdmin')}</span>}
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
