/**
 * check_gift_code(): the gift-mode registration check. Anyone may ask; the answer is one status
 * and never the book's data. Each case builds its own gift book as the database owner.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, sql } from '../../supabase/local/testing/clients.ts';

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newGiftCode(): string {
  const bytes = randomUUID().replace(/-/g, '');
  return Array.from({ length: 8 }, (_, index) => alphabet[Number.parseInt(bytes.slice(index * 2, index * 2 + 2), 16) % alphabet.length]).join('');
}

interface GiftOptions {
  giftStatus?: string;
  paymentStatus?: string;
  ownerEmail?: string | null;
  expiresAt?: string;
}

async function giftBook(options: GiftOptions = {}): Promise<string> {
  const code = newGiftCode();
  await sql(
    `insert into "public"."memory_books" ("full_name", "gift_code", "gift_status", "payment_status", "owner_email", "gift_code_expires_at")
     values ('ספר מתנה', $1, $2, $3, $4, coalesce($5::timestamptz, now() + interval '30 days'))`,
    [code, options.giftStatus ?? 'pending', options.paymentStatus ?? 'paid', options.ownerEmail ?? null, options.expiresAt ?? null],
  );
  return code;
}

async function check(code: string): Promise<unknown> {
  const { data, error } = await anonClient().rpc('check_gift_code', { code });
  expect(error).toBeNull();
  return data;
}

describe('check_gift_code', () => {
  it('answers ok for a pending, paid, unexpired gift, however the code is typed', async () => {
    const code = await giftBook();
    expect(await check(code)).toBe('ok');
    expect(await check(`  ${code.toLowerCase()} `)).toBe('ok');
  });

  it.each([
    ['claimed (status)', { giftStatus: 'claimed' }, 'claimed'],
    ['claimed (has an owner)', { ownerEmail: 'someone@example.test' }, 'claimed'],
    ['cancelled', { giftStatus: 'cancelled' }, 'unavailable'],
    ['replaced', { giftStatus: 'replaced' }, 'unavailable'],
    ['unpaid', { paymentStatus: 'unpaid' }, 'unavailable'],
    ['expired', { expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expired'],
  ] as const)('answers %s gifts with %s', async (_label, options, expected) => {
    const code = await giftBook(options);
    expect(await check(code)).toBe(expected);
  });

  it('answers not_found for an unknown or empty code', async () => {
    expect(await check('ZZZZZZZZ')).toBe('not_found');
    expect(await check('')).toBe('not_found');
  });

  it('returns only the status, no book data', async () => {
    const code = await giftBook();
    const response = await fetch(`${process.env.SUPABASE_URL}/rest/v1/rpc/check_gift_code`, {
      method: 'POST',
      headers: {
        apikey: process.env.SUPABASE_ANON_KEY!,
        authorization: `Bearer ${process.env.SUPABASE_ANON_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ code }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe('ok');
  });

  it('does not let an anonymous caller read the gift book itself', async () => {
    const code = await giftBook();
    const { data } = await anonClient().from('memory_books').select('id').eq('gift_code', code);
    expect(data ?? []).toHaveLength(0);
  });
});
