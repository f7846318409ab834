import { useId } from 'react'
import { deceasedWords, type DeceasedGender } from '@shared/deceased-words.ts'
import { RadioGroup, RadioGroupItem } from '@/components/ui/RadioGroup'
import { tBooks as t } from '@/domains/book/strings/books'

export interface DeceasedGenderChoiceProps {
  /** '' is "neither": the book speaks neutrally. */
  value: DeceasedGender | ''
  onChange: (value: DeceasedGender | '') => void
  disabled?: boolean
}

const choices: ReadonlyArray<DeceasedGender | ''> = ['male', 'female', '']

function choiceLabel(gender: DeceasedGender | ''): string {
  const words = deceasedWords(gender || null)
  if (gender === '') return t('fields.genderNeutral', { born: words.born, died: words.died })
  return t('fields.genderWords', { born: words.born, died: words.died, blessed: words.memoryBlessed })
}

/** How the book speaks of the deceased: each choice shows the words it gives the cover and the album. */
export function DeceasedGenderChoice({ value, onChange, disabled }: DeceasedGenderChoiceProps) {
  const id = useId()
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-ink-soft">{t('fields.gender')}</legend>
      <RadioGroup
        value={value}
        onValueChange={(next) => onChange(next as DeceasedGender | '')}
        disabled={disabled}
        className="gap-2"
      >
        {choices.map((gender) => (
          <label
            key={gender || 'neutral'}
            htmlFor={`${id}-${gender || 'neutral'}`}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface px-3 text-ink transition-colors has-[:checked]:border-plum-600 has-[:checked]:bg-plum-50"
          >
            <RadioGroupItem id={`${id}-${gender || 'neutral'}`} value={gender} />
            {choiceLabel(gender)}
          </label>
        ))}
      </RadioGroup>
    </fieldset>
  )
}
