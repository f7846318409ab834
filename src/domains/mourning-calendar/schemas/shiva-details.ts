import { z } from 'zod'
import { tMourning as t } from '@/domains/mourning-calendar/strings/mourning'
import { addDays } from '@/lib/dates'

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: t('shivaForm.errors.date') })

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: t('shivaForm.errors.tooLong') })
    .transform((text) => text || null)

/** The shiva details as the owner types them; the same limits as the book_shiva table. */
export const shivaDetailsSchema = z
  .object({
    address: z
      .string()
      .trim()
      .min(1, { error: t('shivaForm.errors.address') })
      .max(300, { error: t('shivaForm.errors.address') }),
    starts_on: isoDate,
    ends_on: isoDate,
    visiting_hours: optionalText(200),
    note: optionalText(500),
    map_url: z
      .string()
      .trim()
      .max(1000, { error: t('shivaForm.errors.tooLong') })
      .refine((url) => url === '' || /^https:\/\/\S+$/.test(url), { error: t('shivaForm.errors.mapUrl') })
      .transform((url) => url || null),
  })
  .superRefine((details, context) => {
    if (details.ends_on < details.starts_on || details.ends_on > addDays(details.starts_on, 9)) {
      context.addIssue({ code: 'custom', path: ['ends_on'], message: t('shivaForm.errors.range') })
    }
  })

export type ShivaDetailsInput = z.input<typeof shivaDetailsSchema>
export type ShivaDetailsOutput = z.output<typeof shivaDetailsSchema>
