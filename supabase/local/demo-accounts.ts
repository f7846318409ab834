/** The seeded demo accounts (supabase/seed.sql creates them); printed at start-up and in the README. */
export const DEMO_PASSWORD = 'Zochrim2026!';

export interface DemoAccount {
  email: string;
  description: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [];
