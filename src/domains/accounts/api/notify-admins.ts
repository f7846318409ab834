import type { NewUserNotice } from '@contracts/send-admin-notification.ts'
import { invokeEdgeFunction } from '@/lib/edge-functions'

/**
 * Tells the platform admins about a new registration (send-admin-notification, type new_user).
 * Never blocks or fails the registration: any failure is only logged.
 */
export async function notifyAdminsOfNewUser(notice: NewUserNotice): Promise<void> {
  try {
    await invokeEdgeFunction('send-admin-notification', { type: 'new_user', data: notice })
  } catch (error) {
    console.warn('send-admin-notification failed', error)
  }
}
