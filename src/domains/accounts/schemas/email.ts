import { z } from 'zod'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'

/** A required e-mail address, trimmed: the catalogue's 'enter an e-mail' message when blank, else it must look like one. */
export const emailField = z
  .string()
  .trim()
  .min(1, { error: t('common.emailRequired') })
  .pipe(z.email({ error: t('common.invalidEmail') }))
