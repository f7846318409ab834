/**
 * Family-code checks for the functions: the one database call that records the attempt, applies
 * the per-client limit and the book's ceiling, compares the code and, when it is right, issues an
 * access grant (public.family_code_check, service role only). The attempt is recorded in this
 * function's own request to the database, whose transaction no client controls. When the call
 * brings the book to its ceiling, the owner is e-mailed once, with a link that renews the code.
 */
import type { ServiceClient } from '../clients/clients.ts'
import { siteUrl } from '../clients/env.ts'
import { mailQuietly, mailText, sendMail } from '../mail/mail.ts'
import { deceasedGenderOfBook } from '../mail/book-gender.ts'
import { framedMail } from '../mail/frame.ts'
import { mailStrings } from '../mail/strings.ts'
import { jsonbAnswer } from '../clients/jsonb.ts'

export { clientAddress } from '../http/http.ts'

const t = mailStrings.familyCode

/** What a caller proves besides the typed code; any of it lifts the limits (see the migration). */
export type FamilyCodeProof = {
  /** A signed-in caller's user id: the book's owner, confirmed family admins and platform admins. */
  reader?: string | null
  /** The access grant this browser holds or held for the book. */
  held_grant?: string | null
  /** The key of the family's link, which opens the book without a typed code. */
  link_key?: string | null
  /** The caller's family-admin invitation has been checked. */
  invited?: boolean
}

export type FamilyCodeCheck =
  | { ok: true; reason: 'granted'; access_grant: string; expires_at: string; book_id: string }
  | {
      ok: false
      reason: 'book_not_found' | 'family_code_invalid' | 'family_code_locked' | 'family_code_paused'
      message: string
    }

interface OwnerAlert {
  token: string
  owner_email: string
  short_code: string
  full_name: string
}

export async function checkFamilyCode(
  service: ServiceClient,
  bookRef: string,
  code: string,
  client: string,
  proof: FamilyCodeProof = {},
): Promise<FamilyCodeCheck> {
  const { data, error } = await service.rpc('family_code_check', { book_ref: bookRef, code, client, proof })
  if (error) throw new Error(`family_code_check: ${error.message}`)
  const { alert, ...result } = jsonbAnswer<FamilyCodeCheck & { alert?: OwnerAlert }>(data)
  if (alert) await mailQuietly(() => alertOwner(service, alert))
  return result
}

/** The owner's one e-mail when strangers have typed too many wrong codes for their book. */
async function alertOwner(service: ServiceClient, alert: OwnerAlert): Promise<void> {
  const name = mailText(alert.full_name)
  const site = siteUrl()
  const gender = await deceasedGenderOfBook(service, alert.short_code)
  await sendMail(
    framedMail({
      to: alert.owner_email,
      subject: t.alertSubject(name),
      title: t.alertTitle,
      deceased: { name, gender },
      blocks: t.alertLines(name),
      action: { label: t.renew, href: `${site}/family-code/renew?token=${encodeURIComponent(alert.token)}` },
      reason: t.reason,
      site,
    }),
  )
}
