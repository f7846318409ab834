import { useEffect } from 'react'
import { getSupabase } from '@/lib/supabase'
import { startInactivityWatch } from './inactivity-monitor'

const INACTIVITY_EVENT = 'SECURITY_SUSPICIOUS_INACTIVITY'

/** Records the idle session in the security log (the server attributes it to the signed-in caller). */
async function reportInactivity(idleMs: number): Promise<void> {
  const supabase = await getSupabase()
  await supabase.rpc('log_security_event', {
    action: INACTIVITY_EVENT,
    details: { idle_minutes: Math.floor(idleMs / 60_000), path: window.location.pathname },
  })
}

/**
 * Watches the signed-in user's activity while `userId` is set (mounted only with the signed-in
 * header, so anonymous visitors get no listeners) and logs SECURITY_SUSPICIOUS_INACTIVITY after
 * 30 minutes without any.
 */
export function useSessionInactivityWatch(userId: string | null): void {
  useEffect(() => {
    if (!userId) return
    return startInactivityWatch({ onInactive: (idleMs) => void reportInactivity(idleMs).catch(() => undefined) })
  }, [userId])
}
