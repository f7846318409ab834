/**
 * The family-admin invitation link: /family-admin-register?token&book (the book's short code or
 * uuid). The token alone
 * identifies the invitation: no family code (a new one would break the link) and no invitee name
 * (whoever opens the link types their own).
 */
export function familyAdminRegisterUrl(origin: string, invitation: InvitationLink): string {
  const query = new URLSearchParams({ token: invitation.token, book: invitation.bookRef })
  return `${origin}/family-admin-register?${query.toString()}`
}

export interface InvitationLink {
  token: string
  /** The book as the link names it: its short code or its uuid. */
  bookRef: string
}

/** The invitation a register link carries (older links' admin_name and family_code are ignored); null without token or book. */
export function invitationFromSearch(search: string): InvitationLink | null {
  const query = new URLSearchParams(search)
  const token = query.get('token')?.trim() ?? ''
  const bookRef = query.get('book')?.trim() ?? ''
  if (!token || !bookRef) return null
  return { token, bookRef }
}

/** A moment as the family reads it: 25/11/2026, Israel time. */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat('he-IL', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Asia/Jerusalem',
  }).format(new Date(iso))
}
