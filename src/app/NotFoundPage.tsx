import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import { t } from '@/i18n/he'
import { MessageScreen } from '@/components/screens/MessageScreen'

export function NotFoundPage() {
  return (
    <MessageScreen
      mark="404"
      title={t('notFound.title')}
      text={t('notFound.text')}
      action={
        <Link to="/" className={buttonClasses({ size: 'lg' })}>
          {t('notFound.backHome')}
        </Link>
      }
    />
  )
}
