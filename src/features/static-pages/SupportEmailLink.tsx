import { brand, supportMailto } from '@/config/brand'

/** The support address as a mail link, kept left to right inside Hebrew text. */
export function SupportEmailLink({ subject }: { subject?: string }) {
  return (
    <a
      href={supportMailto(subject)}
      dir="ltr"
      className="font-medium text-plum-700 underline decoration-plum-200 underline-offset-4 hover:decoration-plum-700"
    >
      {brand.supportEmail}
    </a>
  )
}
