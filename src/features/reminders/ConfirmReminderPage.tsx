import { confirmReminders } from '@/domains/remembrance/api/remembrance'
import { ReminderLinkScreen } from './ReminderLinkScreen'

/** /reminders/confirm?token=… — the double opt-in of yahrzeit reminders. */
export default function ConfirmReminderPage() {
  return <ReminderLinkScreen page="confirmPage" act={confirmReminders} />
}
