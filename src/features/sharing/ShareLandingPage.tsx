import { Link, useParams, useSearchParams } from 'react-router-dom'
import { RemembranceSection } from '@/domains/remembrance/ui/RemembranceSection'
import { HebrewDeathDate } from '@/domains/mourning-calendar/ui/HebrewDeathDate'
import { BookShivaNotice } from '@/domains/mourning-calendar/ui/ShivaNotice'
import { buttonClasses } from '@/components/ui/button-classes'
import { Container } from '@/components/ui/Container'
import { brandParams } from '@/config/brand'
import { useBookCard, type BookCard } from '@/domains/book/api/get-book-card'
import { BookProfile } from '@/domains/reading/ui/BookProfile'
import { BookLoadError } from '@/domains/reading/ui/BookMessages'
import { useFamilyAccess } from '@/domains/book/family-code/useFamilyAccess'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { tSharing as t } from '@/domains/book/strings/sharing'
import { addMemoryPath, shareUrl, viewBookPath } from '@/domains/book/lib/book-links'
import { deceasedReference, withHonorific } from '@shared/honorific.ts'
import { isCertainlySignedOut } from '@/domains/accounts/session/useAuthSession'
import { preloadSupabase } from '@/lib/supabase'
import { useSocialMeta } from './hooks/useSocialMeta'

// The backend client's code starts downloading with this screen's when someone may be signed in;
// for a signed-out visitor when they first touch or type.
preloadSupabase(isCertainlySignedOut() ? 'on-first-act' : 'now')

function socialMetaFor(card: BookCard, family: boolean) {
  const name = withHonorific(card.full_name)
  return {
    title: t('landing.documentTitle', { name, brand: brandParams.brand }),
    description: t('landing.metaDescription', { name }),
    url: shareUrl(card.short_code, { family }),
    image: card.profile_image_url ?? card.background_image_url,
  }
}

function ShareLanding({ card, family }: { card: BookCard; family: boolean }) {
  const sharer = card.creator_name?.trim() || t('invitation.defaultSharer')
  const grant = useFamilyAccess(card.id).grant
  return (
    <Container width="narrow" className="flex flex-col gap-6 py-6 md:py-10">
      <BookProfile
        card={card}
        hebrewDate={
          <HebrewDeathDate
            deathDate={card.death_date}
            afterSunset={card.died_after_sunset}
            className="mt-1 text-lg text-plum-800"
          />
        }
      />
      <BookShivaNotice bookRef={card.id} fullName={card.full_name} accessGrant={grant} />
      <section
        aria-labelledby="share-invitation"
        className="rounded-3xl border border-gold-300 bg-gold-50 px-6 py-6 text-center"
      >
        <h2 id="share-invitation" className="font-sans text-sm font-medium tracking-wide text-gold-700">
          {t('landing.invitationTitle')}
        </h2>
        <p className="mt-3 font-serif text-xl leading-relaxed text-ink">
          {t('landing.invitation', { sharer, name: deceasedReference(card.full_name) })}
        </p>
      </section>
      <div className="flex flex-col items-center gap-3">
        <Link
          to={addMemoryPath(card.short_code, { family })}
          className={buttonClasses({ size: 'lg' }, 'w-full max-w-sm')}
        >
          {t('landing.cta')}
        </Link>
        <p className="text-sm text-ink-muted">{t('landing.ctaNote')}</p>
        <Link
          to={viewBookPath(card.short_code)}
          className={buttonClasses({ variant: 'secondary', size: 'lg' }, 'mt-2 w-full max-w-sm')}
        >
          {t('landing.read')}
        </Link>
        {!card.is_public && <p className="text-sm text-ink-muted">{t('landing.readPrivateNote')}</p>}
      </div>
      <RemembranceSection bookRef={card.short_code} name={card.full_name} accessGrant={grant} card={card} />
    </Container>
  )
}

function ShareNotFound() {
  return (
    <MessageScreen
      title={t('landing.notFound')}
      text={t('landing.notFoundText')}
      action={
        <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {t('landing.backHome')}
        </Link>
      }
    />
  )
}

/** /share/{book}[?family=true] — the public invitation to write a memory, and the way to read the book. */
export default function ShareLandingPage() {
  const { book: bookRef = '' } = useParams()
  const [params] = useSearchParams()
  const family = params.get('family') === 'true'
  const card = useBookCard(bookRef)
  useSocialMeta(card.data ? socialMetaFor(card.data, family) : null)

  if (card.isPending) return <ScreenLoading />
  if (card.isError) return <BookLoadError title={t('landing.loadError')} onRetry={() => void card.refetch()} />
  if (!card.data) return <ShareNotFound />
  return <ShareLanding card={card.data} family={family} />
}
