/**
 * The mailbox an e-mail address delivers to, as a limit key: lower case, without a `+tag` (the
 * providers that deliver `name+anything@` to `name@` are most of them), and for Gmail without dots
 * in the local part and with googlemail.com as gmail.com. So one inbox cannot be flooded through
 * its variants, and one abuser cannot pass a per-address limit by changing a tag.
 */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' }

export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 1) return address
  const domain = address.slice(at + 1)
  let local = address.slice(0, at).split('+')[0]!
  const dotless = DOTLESS_DOMAINS[domain]
  if (dotless) local = local.replaceAll('.', '')
  return `${local || address.slice(0, at)}@${dotless ?? domain}`
}
