/** Where auth e-mails lead back to: sign-up and resend → /login, recovery → /update-password. */
export function loginRedirectUrl(): string {
  return `${window.location.origin}/login`
}

export function updatePasswordRedirectUrl(): string {
  return `${window.location.origin}/update-password`
}
