/** The family-admin invitation link: /family-admin-register?token&book_id&admin_name&family_code. */
export function familyAdminRegisterUrl(
  origin: string,
  invitation: { token: string; bookId: string; adminName: string; familyCode: string | null },
): string {
  const query = new URLSearchParams({
    token: invitation.token,
    book_id: invitation.bookId,
    admin_name: invitation.adminName,
  })
  if (invitation.familyCode) query.set('family_code', invitation.familyCode)
  return `${origin}/family-admin-register?${query.toString()}`
}

export interface InvitationLink {
  token: string
  bookId: string
  adminName: string
  familyCode: string
}

/** The invitation a register link carries; null without token or book_id. */
export function invitationFromSearch(search: string): InvitationLink | null {
  const query = new URLSearchParams(search)
  const token = query.get('token')?.trim() ?? ''
  const bookId = query.get('book_id')?.trim() ?? ''
  if (!token || !bookId) return null
  return {
    token,
    bookId,
    adminName: query.get('admin_name')?.trim() ?? '',
    familyCode: (query.get('family_code') ?? '').trim().toUpperCase(),
  }
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
