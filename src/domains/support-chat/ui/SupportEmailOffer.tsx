import { brand, supportMailto } from '@/config/brand'
import { tSupportChat } from '@/domains/support-chat/strings/support-chat'

/** The support address, offered for those who prefer to write. */
export function SupportEmailOffer({ lead = tSupportChat('emailOffer') }: { lead?: string }) {
  return (
    <p className="text-sm text-ink-soft">
      {lead}{' '}
      <a
        href={supportMailto()}
        dir="ltr"
        className="font-medium text-plum-700 underline decoration-plum-200 underline-offset-4 hover:decoration-plum-700"
      >
        {brand.supportEmail}
      </a>
    </p>
  )
}
