import { IsolatedEmails } from '@/components/ui/IsolatedEmails'

export interface NumberedSection {
  id: string
  title: string
  text: string
}

/** Numbered headings with a paragraph each: clauses, policy points, steps. */
export function NumberedSections({ sections }: { sections: readonly NumberedSection[] }) {
  return (
    <ol className="flex flex-col gap-8">
      {sections.map((section, index) => (
        <li key={section.id} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full border border-gold-300 bg-gold-50 font-serif text-lg font-bold text-gold-700"
          >
            {index + 1}
          </span>
          <div className="pt-0.5">
            <h2 className="text-xl font-bold text-ink md:text-2xl">{section.title}</h2>
            <p className="mt-2 text-lg leading-relaxed text-ink-soft">
              <IsolatedEmails text={section.text} />
            </p>
          </div>
        </li>
      ))}
    </ol>
  )
}
