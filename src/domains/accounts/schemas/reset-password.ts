import { z } from 'zod'
import { emailField } from './email'

/** Reset request: the e-mail is required (the 'enter an e-mail' message). */
export const resetPasswordSchema = z.object({ email: emailField })

export type ResetPasswordFormValues = z.output<typeof resetPasswordSchema>
