import { withNetworkRetry } from '@/lib/retry'
import { getSupabase } from '@/lib/supabase'

export interface NewUserNotice {
  name: string
  email: string
  relationship: string | null
  deceasedName: string | null
}

/**
 * Tells the platform admins about a new registration (send-admin-notification, type new_user).
 * Never blocks or fails the registration: any failure is only logged.
 */
export async function notifyAdminsOfNewUser(notice: NewUserNotice): Promise<void> {
  try {
    const supabase = await getSupabase()
    await withNetworkRetry(async () => {
      const { error } = await supabase.functions.invoke('send-admin-notification', {
        body: { type: 'new_user', data: notice },
      })
      if (error) throw error
    })
  } catch (error) {
    console.warn('send-admin-notification failed', error)
  }
}
