import { useMutation } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router-dom'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { tRemembrance as t } from '@/domains/remembrance/strings/remembrance'
import type { ReminderLinkAnswer } from '@/domains/remembrance/api/remembrance'
import { databaseReason } from '@/lib/refusal'

type Page = 'confirmPage' | 'unsubscribePage' | 'newsUnsubscribePage'

interface ReminderLinkScreenProps {
  page: Page
  /** The database call the link's token is for. */
  act: (token: string) => Promise<ReminderLinkAnswer>
}

/**
 * The page an e-mail's link opens (?token=…). The token is used only when the visitor presses the
 * button, so a mail scanner that opens links changes nothing.
 */
export function ReminderLinkScreen({ page, act }: ReminderLinkScreenProps) {
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const use = useMutation({ mutationFn: () => act(token) })

  const toBook = (bookId: string) => (
    <Link to={`/view-book/${bookId}`} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
      {t(`${page}.toBook`)}
    </Link>
  )
  if (!token || databaseReason(use.error) === 'email_link_invalid') {
    return (
      <MessageScreen
        title={t(`${page}.title`)}
        text={t(`${page}.invalid`)}
        action={
          <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            {t(`${page}.home`)}
          </Link>
        }
      />
    )
  }
  if (use.data) {
    return (
      <MessageScreen
        title={t(`${page}.title`)}
        text={t(`${page}.done`, { name: use.data.full_name })}
        action={toBook(use.data.short_code)}
      />
    )
  }
  return (
    <MessageScreen
      title={t(`${page}.title`)}
      text={use.isError ? t(`${page}.failed`) : t(`${page}.lead`)}
      action={
        <Button size="lg" disabled={use.isPending} onClick={() => use.mutate()}>
          {use.isPending ? t(`${page}.working`) : t(`${page}.action`)}
        </Button>
      }
    />
  )
}
