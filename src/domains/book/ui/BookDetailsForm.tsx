import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { AfterSunsetField } from '@/domains/mourning-calendar'
import { DeceasedGenderChoice } from './DeceasedGenderChoice'
import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Textarea } from '@/components/ui/Textarea'
import { tBooks as t } from '@/domains/book/strings/books'
import { tDates } from '@/i18n/dates'
import { parseDateInput } from '@/lib/dates'
import { bookDetailsSchema, type BookDetailsInput, type BookDetailsOutput } from '../schemas/book-details'
import { BookImageField } from './BookImageField'
import { DateField } from './DateField'

export interface BookImages {
  profile_image_url: string | null
  background_image_url: string | null
}

export interface BookDetailsFormProps {
  userId: string
  defaultValues: BookDetailsInput
  defaultImages: BookImages
  /** The edit form also offers the background picture. */
  withBackground: boolean
  submitLabel: string
  busyLabel: string
  busy: boolean
  onSubmit: (details: BookDetailsOutput, images: BookImages) => void
  /** Shown under the fields (e.g. a failed save). */
  formError?: string
}

/** The two traditional quotes, each with the deceased's gender it speaks in. */
function QuoteSuggestions({ onPick }: { onPick: (quote: string, gender: 'male' | 'female') => void }) {
  const suggestions = [
    [t('fields.quoteHis'), 'male'],
    [t('fields.quoteHers'), 'female'],
  ] as const
  return (
    <div role="group" aria-label={t('fields.quoteSuggestions')} className="flex flex-wrap gap-2">
      {suggestions.map(([quote, gender]) => (
        <Button key={quote} type="button" variant="secondary" size="sm" onClick={() => onPick(quote, gender)}>
          {quote}
        </Button>
      ))}
    </div>
  )
}

function FormError({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-xl border border-danger-600/30 bg-danger-50 px-4 py-3 font-medium text-danger-700"
    >
      {message}
    </p>
  )
}

/** The book's details (create and edit): names, dates, quote and pictures, validated by bookDetailsSchema. */
export function BookDetailsForm(props: BookDetailsFormProps) {
  const { userId, defaultValues, defaultImages, withBackground, submitLabel, busyLabel, busy, onSubmit, formError } =
    props
  const [images, setImages] = useState<BookImages>(defaultImages)
  const [uploads, setUploads] = useState(0)
  // A death date in the future was cleared: nothing is saved until another one (or none) is typed.
  const [futureDeathCleared, setFutureDeathCleared] = useState(false)
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<BookDetailsInput, unknown, BookDetailsOutput>({ resolver: zodResolver(bookDetailsSchema), defaultValues })

  const deathText = useWatch({ control, name: 'death_date' })
  const afterSunset = useWatch({ control, name: 'died_after_sunset' })
  const parsedDeath = parseDateInput(deathText ?? '', 'death')
  const deathIso = parsedDeath.ok ? parsedDeath.iso : null

  const trackUpload = (uploading: boolean) => setUploads((count) => count + (uploading ? 1 : -1))
  const disabled = busy || uploads > 0

  return (
    <form
      noValidate
      onSubmit={handleSubmit((details) => {
        if (futureDeathCleared) {
          setError('death_date', { message: tDates('errors.futureDeath') }, { shouldFocus: true })
          return
        }
        onSubmit(details, images)
      })}
      className="flex flex-col gap-6"
    >
      <Field label={t('fields.fullName')} error={errors.full_name?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('full_name')}
            placeholder={t('fields.fullNamePlaceholder')}
            autoComplete="off"
          />
        )}
      </Field>
      <Field label={t('fields.creatorName')} error={errors.creator_name?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('creator_name')}
            placeholder={t('fields.creatorNamePlaceholder')}
            autoComplete="name"
          />
        )}
      </Field>
      <div className="grid gap-6 sm:grid-cols-2">
        <Controller
          control={control}
          name="birth_date"
          render={({ field, fieldState }) => (
            <DateField label={t('fields.birthDate')} kind="birth" {...field} error={fieldState.error?.message} />
          )}
        />
        <Controller
          control={control}
          name="death_date"
          render={({ field, fieldState }) => (
            <DateField
              label={t('fields.deathDate')}
              kind="death"
              {...field}
              onChange={(text) => {
                if (text) setFutureDeathCleared(false)
                field.onChange(text)
              }}
              onFutureCleared={() => setFutureDeathCleared(true)}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      <AfterSunsetField {...register('died_after_sunset')} deathDate={deathIso} afterSunset={afterSunset} />
      <Controller
        control={control}
        name="deceased_gender"
        render={({ field }) => (
          <DeceasedGenderChoice value={field.value} onChange={field.onChange} disabled={disabled} />
        )}
      />
      <div className="flex flex-col gap-2">
        <Field label={t('fields.quote')} error={errors.memory_quote?.message}>
          {(control) => (
            <Textarea {...control} {...register('memory_quote')} rows={3} placeholder={t('fields.quotePlaceholder')} />
          )}
        </Field>
        <QuoteSuggestions
          onPick={(quote, gender) => {
            setValue('memory_quote', quote, { shouldDirty: true, shouldValidate: true })
            // The honorific says how the book speaks of the deceased: one choice, not two.
            setValue('deceased_gender', gender, { shouldDirty: true })
          }}
        />
      </div>
      <BookImageField
        label={t('fields.profileImage')}
        kind="profile"
        userId={userId}
        value={images.profile_image_url}
        onChange={(url) => setImages((current) => ({ ...current, profile_image_url: url }))}
        onUploadingChange={trackUpload}
        disabled={busy}
      />
      {withBackground && (
        <BookImageField
          label={t('fields.backgroundImage')}
          kind="background"
          userId={userId}
          value={images.background_image_url}
          onChange={(url) => setImages((current) => ({ ...current, background_image_url: url }))}
          onUploadingChange={trackUpload}
          disabled={busy}
        />
      )}
      {formError && <FormError message={formError} />}
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-start" disabled={disabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  )
}
