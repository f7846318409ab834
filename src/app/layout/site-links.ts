import { supportMailto } from '@/config/brand'

/** Links to the public information pages, shared by the header's navigation and the footer. */
export const informationLinks = {
  howItWorks: '/how-it-works',
  faq: '/faq',
  termsOfService: '/terms-of-service',
  privacyPolicy: '/privacy-policy',
} as const

export const contactHref = supportMailto()
