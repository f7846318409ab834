import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form'
import { Badge } from '@/components/ui/Badge'
import { Card } from '@/components/ui/Card'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Textarea } from '@/components/ui/Textarea'
import { relationValue } from '@/domains/memories/lib/relations'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'
import { tMemories } from '@/domains/memories/strings/memories'
import { maxAuthorNameLength, maxMemoryTextLength, type MemoryFormValues } from '../schemas/memory-form'
import { RelationChoice } from './RelationChoice'

interface TextCardProps {
  form: UseFormReturn<MemoryFormValues>
  errors: FieldErrors<MemoryFormValues>
  disabled: boolean
}

const prompts = ['text1', 'text2', 'text3'] as const

/** Who writes: the author's name, and the relation (a family member's is set, a guest chooses). */
export function AuthorCard({ form, errors, disabled, asFamily }: TextCardProps & { asFamily: boolean }) {
  return (
    <Card className="flex flex-col gap-5 p-5">
      <Field label={t('fields.fullName')} error={errors.fullName?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('fullName')}
            autoComplete="name"
            placeholder={t('fields.fullNamePlaceholder')}
            maxLength={maxAuthorNameLength}
            disabled={disabled}
          />
        )}
      </Field>
      {asFamily ? (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-ink-soft">{t('fields.relation')}</span>
          <div className="flex items-center gap-2">
            <Badge tone="accent" className="px-4 py-1 text-sm">
              {relationValue('familyMember')}
            </Badge>
            <span className="text-sm text-ink-muted">{t('fields.relationAuto')}</span>
          </div>
        </div>
      ) : (
        <Controller
          control={form.control}
          name="relation"
          render={({ field, fieldState }) => (
            <RelationChoice
              value={field.value ?? ''}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={disabled}
            />
          )}
        />
      )}
    </Card>
  )
}

/** The memory itself: the three prompts, the first one larger. */
export function PromptsCard({ form, errors, disabled }: TextCardProps) {
  return (
    <Card className="flex flex-col gap-5 p-5">
      <div>
        <h2 className="font-sans text-lg font-semibold text-ink">{t('fields.memoryTitle')}</h2>
        <p className="mt-1 text-sm text-ink-muted">{t('fields.memoryHint')}</p>
      </div>
      {prompts.map((name, index) => (
        <Field
          key={name}
          label={<span className="text-base font-semibold text-plum-800">{tMemories(`prompts.${name}`)}</span>}
          hint={t(`fields.${name}Hint`)}
          error={errors[name]?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              {...form.register(name)}
              rows={index === 0 ? 5 : 4}
              maxLength={maxMemoryTextLength}
              disabled={disabled}
            />
          )}
        </Field>
      ))}
    </Card>
  )
}
