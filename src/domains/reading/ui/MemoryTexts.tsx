import { tMemories as t } from '@/domains/memories/strings/memories'
import { cn } from '@/lib/cn'
import type { MemoryText } from '../../memories/lib/memory-model'

export interface MemoryTextsProps {
  texts: readonly MemoryText[]
  /** Long texts are cut after a few lines in lists; the viewer shows them whole. */
  clamp?: boolean
  tone?: 'light' | 'dark'
}

/** The three guided prompts that were answered, each under its prompt. */
export function MemoryTexts({ texts, clamp = false, tone = 'light' }: MemoryTextsProps) {
  return (
    <div className="flex flex-col gap-4">
      {texts.map(({ prompt, text }) => (
        <section key={prompt}>
          <h3 className={cn('font-sans text-sm font-medium', tone === 'light' ? 'text-gold-700' : 'text-gold-300')}>
            {t(`prompts.text${prompt}`)}
          </h3>
          <p
            className={cn(
              'mt-1 text-lg leading-relaxed whitespace-pre-line',
              tone === 'light' ? 'text-ink' : 'text-white',
              clamp && 'line-clamp-6',
            )}
          >
            {text}
          </p>
        </section>
      ))}
    </div>
  )
}
