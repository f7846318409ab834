import { Link, useSearchParams } from 'react-router-dom'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { FamilyCode } from '@/domains/book/ui/FamilyCode'
import { tDashboard as t } from '@/i18n/dashboard'
import { refusalReason } from '@/lib/refusal'
import { viewBookUrl } from '@/domains/book/lib/book-links'
import { ShareLinkField } from './components/ShareLinkField'
import { useRenewFamilyCode } from '@/domains/book/api/renew-family-code'

/**
 * /family-code/renew?token=… — the owner's one tap from the e-mail about wrong codes. The token is
 * used only when the owner presses the button, so a mail scanner that opens links changes nothing.
 */
export default function RenewFamilyCodePage() {
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const renew = useRenewFamilyCode()
  const home = (
    <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
      {t('renewFromAlert.home')}
    </Link>
  )

  if (!token || refusalReason(renew.error, 'family-access') === 'alert_link_invalid') {
    return <MessageScreen title={t('renewFromAlert.title')} text={t('renewFromAlert.invalid')} action={home} />
  }
  if (renew.data) {
    const book = renew.data
    return (
      <MessageScreen
        title={t('renewFromAlert.doneTitle')}
        text={t('renewFromAlert.done', { name: book.full_name })}
        role="status"
        action={
          <div className="flex w-full flex-col items-center gap-4">
            <FamilyCode code={book.family_code} />
            <ShareLinkField link={viewBookUrl(book.short_code, { code: book.family_code, key: book.link_key })} />
          </div>
        }
      />
    )
  }
  return (
    <MessageScreen
      title={t('renewFromAlert.title')}
      text={renew.isError ? t('renewFromAlert.failed') : t('renewFromAlert.lead')}
      action={
        <Button size="lg" disabled={renew.isPending} onClick={() => renew.mutate(token)}>
          {renew.isPending ? t('renewFromAlert.working') : t('renewFromAlert.action')}
        </Button>
      }
    />
  )
}
