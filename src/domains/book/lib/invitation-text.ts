import { tSharing as t } from '@/domains/book/strings/sharing'
import { deceasedReference } from '@shared/honorific.ts'

export interface InvitationInput {
  /** Who invites; 'the family member' when left empty. */
  sharerName: string
  /** The deceased's name; shown with the honorific, or 'our dear one' when unknown. */
  deceasedName: string | null | undefined
  /** The sharer's own words, optional. */
  message: string
  /** Where the invitee writes (the book's share page). */
  link: string
}

/** The invitation the share dialog previews, copies and sends: opening, own words, closing, link. */
export function buildInvitationText({ sharerName, deceasedName, message, link }: InvitationInput): string {
  const sharer = sharerName.trim() || t('invitation.defaultSharer')
  const paragraphs = [
    t('invitation.opening', { sharer, name: deceasedReference(deceasedName) }),
    message.trim(),
    t('invitation.closing'),
    t('invitation.link', { link }),
  ]
  return paragraphs.filter((paragraph) => paragraph !== '').join('\n\n')
}
