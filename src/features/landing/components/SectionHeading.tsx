export interface SectionHeadingProps {
  id: string
  title: string
  lead?: string
}

export function SectionHeading({ id, title, lead }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-prose text-center">
      <h2 id={id} className="text-3xl font-bold text-ink md:text-4xl">
        {title}
      </h2>
      <span aria-hidden="true" className="mx-auto mt-4 block h-px w-12 bg-gold-500" />
      {lead && <p className="mt-4 text-lg leading-relaxed text-ink-soft">{lead}</p>}
    </div>
  )
}
