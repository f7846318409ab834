import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Card, CardDescription, CardTitle } from '@/components/ui/Card'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Textarea } from '@/components/ui/Textarea'
import { tMourning as t } from '@/domains/mourning-calendar/strings/mourning'
import { shivaWeek } from '@/domains/mourning-calendar/lib/mourning-calendar'
import { useSaveShivaDetails, useShivaDetails, type ShivaRow } from '../api/shiva-details'
import { shivaDetailsSchema, type ShivaDetailsInput, type ShivaDetailsOutput } from '../schemas/shiva-details'

/** What the form needs of the book: its uuid, and the death date that suggests the shiva week. */
interface ShivaBook {
  id: string
  death_date: string | null
  died_after_sunset: boolean
}

function formValues(row: ShivaRow | null, book: ShivaBook): ShivaDetailsInput {
  const week = book.death_date ? shivaWeek(book.death_date, book.died_after_sunset) : null
  return {
    address: row?.address ?? '',
    starts_on: row?.starts_on ?? week?.start ?? '',
    ends_on: row?.ends_on ?? week?.end ?? '',
    visiting_hours: row?.visiting_hours ?? '',
    note: row?.note ?? '',
    map_url: row?.map_url ?? '',
  }
}

function ShivaFields({ book, row }: { book: ShivaBook; row: ShivaRow | null }) {
  const { save, remove } = useSaveShivaDetails(book.id)
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ShivaDetailsInput, unknown, ShivaDetailsOutput>({
    resolver: zodResolver(shivaDetailsSchema),
    defaultValues: formValues(row, book),
  })
  const busy = save.isPending || remove.isPending

  const submit = (details: ShivaDetailsOutput) =>
    save.mutate(details, {
      onSuccess: () => toast.success(t('shivaForm.saved')),
      onError: () => toast.error(t('shivaForm.saveError')),
    })
  const clear = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        reset(formValues(null, book))
        toast.success(t('shivaForm.removed'))
      },
      onError: () => toast.error(t('shivaForm.saveError')),
    })

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-5" data-testid="shiva-form">
      <Field label={t('shivaForm.address')} error={errors.address?.message}>
        {(control) => <Input {...control} {...register('address')} placeholder={t('shivaForm.addressPlaceholder')} />}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label={t('shivaForm.startsOn')} error={errors.starts_on?.message}>
          {(control) => <Input {...control} {...register('starts_on')} type="date" />}
        </Field>
        <Field label={t('shivaForm.endsOn')} error={errors.ends_on?.message}>
          {(control) => <Input {...control} {...register('ends_on')} type="date" />}
        </Field>
      </div>
      <Field label={t('shivaForm.visitingHours')} error={errors.visiting_hours?.message}>
        {(control) => (
          <Input {...control} {...register('visiting_hours')} placeholder={t('shivaForm.visitingHoursPlaceholder')} />
        )}
      </Field>
      <Field label={t('shivaForm.note')} error={errors.note?.message}>
        {(control) => (
          <Textarea {...control} {...register('note')} rows={2} placeholder={t('shivaForm.notePlaceholder')} />
        )}
      </Field>
      <Field label={t('shivaForm.mapUrl')} error={errors.map_url?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('map_url')}
            type="url"
            dir="ltr"
            inputMode="url"
            placeholder={t('shivaForm.mapUrlPlaceholder')}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {save.isPending ? t('shivaForm.saving') : t('shivaForm.save')}
        </Button>
        {row && (
          <Button variant="ghost" onClick={clear} disabled={busy}>
            {t('shivaForm.remove')}
          </Button>
        )}
      </div>
    </form>
  )
}

/** The owner's shiva details of the book (address, days, visiting hours, note, map link). */
export function ShivaDetailsForm({ book }: { book: ShivaBook }) {
  const shiva = useShivaDetails(book.id)
  return (
    <Card className="flex flex-col gap-4" aria-labelledby="shiva-form-title">
      <CardTitle id="shiva-form-title">{t('shivaForm.title')}</CardTitle>
      <CardDescription>{t('shivaForm.lead')}</CardDescription>
      {!book.death_date ? (
        <p className="text-ink-muted">{t('shivaForm.needsDeathDate')}</p>
      ) : shiva.isPending ? null : (
        <ShivaFields book={book} row={shiva.data ?? null} />
      )}
    </Card>
  )
}
