import { unsubscribeFromReminders } from '@/domains/remembrance/api/remembrance'
import { ReminderLinkScreen } from './ReminderLinkScreen'

/** /reminders/unsubscribe?token=… — the link at the foot of every reminder e-mail. */
export default function UnsubscribeReminderPage() {
  return <ReminderLinkScreen page="unsubscribePage" act={unsubscribeFromReminders} />
}
