import { z } from 'zod'
import { emailField } from './email'

/** Reset request (spec 000 §5): the e-mail is required ('אנא הזן כתובת מייל'). */
export const resetPasswordSchema = z.object({ email: emailField })

export type ResetPasswordFormValues = z.output<typeof resetPasswordSchema>
