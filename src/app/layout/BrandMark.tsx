import { Link } from 'react-router-dom'
import { CandleIcon } from '@/components/ui/icons'
import { brand } from '@/config/brand'
import { useLogoNavigation } from './useLogoNavigation'

/** Product name and tagline; leads home. Its name is the text it shows, so speech control finds it. */
export function BrandMark() {
  const onLogoClick = useLogoNavigation()
  return (
    <Link
      to="/"
      onClick={onLogoClick}
      className="group flex items-center gap-2.5 rounded-lg focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none"
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-plum-700 text-gold-300 shadow-sm">
        <CandleIcon className="size-5" />
      </span>
      <span className="flex flex-col leading-tight">
        <span className="font-serif text-2xl font-bold text-ink group-hover:text-plum-800">{brand.name}</span>
        <span className="text-xs text-ink-muted">{brand.subtitle}</span>
      </span>
    </Link>
  )
}
