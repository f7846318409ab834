import { z } from 'zod'
import { relationFormKeys } from '@/domains/memories/lib/relations'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'

export const maxAuthorNameLength = 100
export const maxMemoryTextLength = 5000
export const maxCaptionLength = 500

const memoryText = z.string().max(maxMemoryTextLength, t('validation.textTooLong', { max: '5,000' }))

/**
 * The add-memory form: the author's name, the relation (not for family-code
 * entrants, who are 'family member'), and at least one of the three texts.
 */
export function memoryFormSchema({ asFamily }: { asFamily: boolean }) {
  return z
    .object({
      fullName: z
        .string()
        .trim()
        .min(1, t('validation.nameRequired'))
        .max(maxAuthorNameLength, t('validation.nameTooLong', { max: maxAuthorNameLength })),
      relation: asFamily
        ? z.union([z.enum(relationFormKeys), z.literal('')])
        : z.enum(relationFormKeys, { message: t('validation.relationRequired') }),
      text1: memoryText,
      text2: memoryText,
      text3: memoryText,
    })
    .refine((form) => [form.text1, form.text2, form.text3].some((text) => text.trim() !== ''), {
      message: t('validation.atLeastOne'),
      path: ['text1'],
    })
}

export type MemoryFormValues = z.input<ReturnType<typeof memoryFormSchema>>
