/** The support address when VITE_SUPPORT_EMAIL is not set. */
export const defaultSupportEmail = 'support@zochrim.co.il'
