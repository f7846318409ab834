import { unsubscribeFromMemoryNews } from '@/domains/remembrance/api/remembrance'
import { ReminderLinkScreen } from './ReminderLinkScreen'

/** /memory-news/unsubscribe?token=… — the link at the foot of every e-mail about new memories. */
export default function UnsubscribeMemoryNewsPage() {
  return <ReminderLinkScreen page="newsUnsubscribePage" act={unsubscribeFromMemoryNews} />
}
