import { Link } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { viewBookUrl } from '@/domains/book/lib/book-links'
import { copyText } from '@/lib/clipboard'
import { useAuthSession } from '@/domains/accounts/session/useAuthSession'
import { BackIcon, PlusIcon, ShareIcon } from '@/components/ui/media-icons'

export interface BookHeaderBarProps {
  shortCode: string
  /** Where "add memory" leads (family readers keep their rights in the new tab). */
  addMemoryHref: string
}

/**
 * Back to the personal area (only for someone signed in: a visitor has none), copy the book's
 * link, and add a memory in a new tab.
 */
export function BookHeaderBar({ shortCode, addMemoryHref }: BookHeaderBarProps) {
  const signedIn = useAuthSession().session.status === 'signed-in'
  const share = async () => {
    if (await copyText(viewBookUrl(shortCode))) toast.success(t('header.linkCopied'))
    else toast.error(t('header.copyFailed'))
  }
  return (
    <nav className="flex items-center justify-between gap-2">
      {signedIn ? (
        <Link to="/dashboard" className={buttonClasses({ variant: 'ghost', size: 'sm' }, 'px-2.5')}>
          <BackIcon className="size-5" />
          <span className="max-sm:sr-only">{t('header.back')}</span>
        </Link>
      ) : (
        <span />
      )}
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" onClick={share}>
          <ShareIcon className="size-4" />
          {t('header.share')}
        </Button>
        {/* rel="opener": the new tab inherits this tab's session storage, so a verified family code carries over. */}
        <a href={addMemoryHref} target="_blank" rel="opener" className={buttonClasses({ size: 'sm' })}>
          <PlusIcon className="size-4" />
          {t('header.addMemory')}
        </a>
      </div>
    </nav>
  )
}
