import { Link } from 'react-router-dom'
import { brand, brandParams } from '@/config/brand'
import { t } from '@/i18n/he'
import { contactHref, informationLinks } from './site-links'

const linkClasses =
  'rounded-md py-1 text-ink-soft underline-offset-4 transition-colors hover:text-plum-800 hover:underline ' +
  'focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none'

export function SiteFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="render-near-screen border-t border-line bg-stone-100/70 [--near-screen-height:24rem]">
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-5 pt-12 pb-24 md:flex-row md:items-start md:justify-between md:px-8">
        <div className="max-w-sm">
          <p className="font-serif text-2xl font-bold text-ink">{brand.name}</p>
          <p className="mt-3 font-serif text-lg leading-relaxed text-ink-soft">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.navigation')}>
          <ul className="grid grid-cols-2 gap-x-10 gap-y-2 md:grid-cols-1">
            <li>
              <Link to={informationLinks.howItWorks} className={linkClasses}>
                {t('footer.howItWorks')}
              </Link>
            </li>
            <li>
              <Link to={informationLinks.faq} className={linkClasses}>
                {t('footer.faq')}
              </Link>
            </li>
            <li>
              <Link to={informationLinks.termsOfService} className={linkClasses}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to={informationLinks.privacyPolicy} className={linkClasses}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <a href={contactHref} className={linkClasses}>
                {t('footer.contact')}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto w-full max-w-5xl px-5 py-5 text-sm text-ink-muted md:px-8">
          {t('footer.copyright', { year, company: brandParams.company })}
        </p>
      </div>
    </footer>
  )
}
