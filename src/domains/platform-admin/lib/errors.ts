import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'

const hebrew = /[\u0590-\u05FF]/

/** The server's Hebrew message (database refusals and edge functions answer in Hebrew), else the generic one. */
export function errorMessage(error: unknown, fallback: string = t('actionFailed')): string {
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error && 'message' in error
        ? String(error.message)
        : ''
  return hebrew.test(message) ? message : fallback
}
