import { BookShivaNotice } from '@/domains/mourning-calendar/ui/ShivaNotice'
import { Container } from '@/components/ui/Container'
import { tMemories as t } from '@/domains/memories/strings/memories'
import type { BookReading } from '../hooks/useBookReading'
import { FamilyCodeGate } from '@/domains/reading/ui/FamilyCodeGate'

type ClosedReading = Extract<BookReading, { status: 'gate' | 'denied' }>

/**
 * The family-code gate in front of a private book, for the screens that read it; below it, during
 * the shiva days, where the family sits shiva (the family publishes that to anyone with the link).
 */
export function ReadingGate({ reading }: { reading: ClosedReading }) {
  return (
    <Container width="narrow" className="flex flex-col gap-6 py-10">
      <FamilyCodeGate
        bookRef={reading.card.id}
        title={t('gate.title')}
        text={t('gate.text')}
        initialFailure={reading.status === 'gate' ? reading.failedCheck : null}
        onGranted={reading.status === 'gate' ? reading.grant : () => undefined}
      />
      <BookShivaNotice bookRef={reading.card.id} fullName={reading.card.full_name} />
    </Container>
  )
}
