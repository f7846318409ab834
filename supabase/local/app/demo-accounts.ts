/** The seeded demo accounts (supabase/seed.sql creates them); printed at start-up and in the README. */
export const DEMO_PASSWORD = 'Zochrim2026!'

/** Which demo account: the development route map names each in Hebrew by it. */
export type DemoAccountKind = 'admin' | 'owner' | 'unpaid' | 'family' | 'gift' | 'user'

export interface DemoAccount {
  kind: DemoAccountKind
  email: string
  /** For the terminal's start-up banner. */
  description: string
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    kind: 'admin',
    email: 'admin@zochrim.local',
    description: 'Platform admin (admin panel, coupons, users, security log, chat analytics)',
  },
  {
    kind: 'owner',
    email: 'owner@zochrim.local',
    description:
      'Owner of a paid pro book, private: "רחל אברהמי" /view-book/RACHEL23, family code 2580, 12 memories with photos',
  },
  {
    kind: 'unpaid',
    email: 'unpaid@zochrim.local',
    description: 'Owner of an unpaid basic book "שמואל לוי" (SHMUEL45)',
  },
  {
    kind: 'family',
    email: 'family@zochrim.local',
    description: 'Confirmed family admin of RACHEL23 (read-only management)',
  },
  {
    kind: 'gift',
    email: 'gift@zochrim.local',
    description: 'Gift purchaser with a pending gift, gift code MATANA23 (AHARN267)',
  },
  {
    kind: 'user',
    email: 'user@zochrim.local',
    description: 'Plain signed-in user with saved onboarding answers and no book',
  },
]
