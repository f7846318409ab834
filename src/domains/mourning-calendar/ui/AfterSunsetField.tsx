import { useId, type ComponentProps } from 'react'
import { tMourning as t } from '@/domains/mourning-calendar/strings/mourning'
import { hebrewDeathDateText } from '@/domains/mourning-calendar/lib/mourning-calendar'

export interface AfterSunsetFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** The death date as ISO once the date field holds a valid one, for the Hebrew date preview. */
  deathDate: string | null
  afterSunset: boolean
}

/** 'The death was after sunset', with the Hebrew date of death it gives. */
export function AfterSunsetField({ deathDate, afterSunset, ...input }: AfterSunsetFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-line bg-stone-50 px-4 py-3">
      <div className="flex items-start gap-3">
        <input
          {...input}
          id={id}
          type="checkbox"
          aria-describedby={hintId}
          className="mt-1 size-5 shrink-0 accent-plum-700"
        />
        <label htmlFor={id} className="font-medium text-ink">
          {t('afterSunset.label')}
        </label>
      </div>
      <p id={hintId} className="text-sm text-ink-muted">
        {t('afterSunset.hint')}
      </p>
      {deathDate && (
        <p className="text-sm text-ink-soft" data-testid="hebrew-date-preview">
          {t('hebrewDate.label')}:{' '}
          <span className="font-serif text-base text-plum-800">{hebrewDeathDateText(deathDate, afterSunset)}</span>
        </p>
      )}
    </div>
  )
}
