import { he } from '@/i18n/he'

/**
 * Brand, operator and support address, overridable through VITE_BRAND_NAME, VITE_COMPANY_NAME and
 * VITE_SUPPORT_EMAIL. Read without zod on purpose: the landing page shows the brand, and its
 * initial JavaScript stays free of the validation library (env.ts validates the same values).
 */
export const defaultSupportEmail = 'support@zochrim.co.il'

function readText(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback
}

export const brand = {
  name: readText(import.meta.env.VITE_BRAND_NAME, he.brand.name),
  subtitle: he.brand.subtitle,
  company: readText(import.meta.env.VITE_COMPANY_NAME, he.brand.company),
  supportEmail: readText(import.meta.env.VITE_SUPPORT_EMAIL, defaultSupportEmail),
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
