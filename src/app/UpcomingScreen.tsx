import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import { t } from '@/i18n/he'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { useCurrentScreen } from '@/lib/current-screen'

/**
 * The one screen shown by every route whose feature has not landed yet: it names the screen
 * (from the route's `screen`) and offers the way home. Features replace it route by route.
 */
export default function UpcomingScreen() {
  const screen = useCurrentScreen() ?? 'landing'
  return (
    <MessageScreen
      title={t(`routes.${screen}`)}
      text={t('upcomingScreen.text')}
      action={
        <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {t('upcomingScreen.backHome')}
        </Link>
      }
    />
  )
}
