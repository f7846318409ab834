import { he } from '@/i18n/he'
import { defaultSupportEmail } from './brand-defaults'
import { readEnvText } from './env'

/** Brand, operator and support address, overridable through VITE_BRAND_NAME, VITE_COMPANY_NAME and VITE_SUPPORT_EMAIL. */
export const brand = {
  name: readEnvText(import.meta.env.VITE_BRAND_NAME, he.brand.name),
  subtitle: he.brand.subtitle,
  company: readEnvText(import.meta.env.VITE_COMPANY_NAME, he.brand.company),
  supportEmail: readEnvText(import.meta.env.VITE_SUPPORT_EMAIL, defaultSupportEmail),
} as const

/** The values of the catalogue's {brand}, {company} and {email} variables. */
export const brandParams = {
  brand: brand.name,
  company: brand.company,
  email: brand.supportEmail,
} as const

export function supportMailto(subject?: string): string {
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : ''
  return `mailto:${brand.supportEmail}${query}`
}
