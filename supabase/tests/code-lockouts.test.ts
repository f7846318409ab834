/**
 * DECISIONS.md "Codes": after 10 wrong family codes for one book within 15 minutes, every attempt
 * for that book (even the right code) is refused for 15 minutes, with one
 * SECURITY_FAMILY_CODE_LOCKOUT row in admin_logs. Gift claims are limited the same way per user.
 * Time passes by moving the recorded attempts back (their timestamps are the clock).
 */
import { describe, expect, it } from 'vitest';
import { serviceClient, sql } from '../local/testing/clients.ts';
import { anonymousClient, createBook, createUser, newGiftCode, type TestBook } from './support/fixtures.ts';

const LOCKED_MESSAGE = 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות';

async function shiftFamilyCodeAttempts(bookId: string, minutes: number): Promise<void> {
  await sql(
    `update "public"."family_code_attempts"
        set "attempted_at" = "attempted_at" - make_interval(mins => $2::int),
            "locks_until" = "locks_until" - make_interval(mins => $2::int)
      where "book_id" = $1`,
    [bookId, minutes],
  );
}

async function lockoutLogRows(bookId: string): Promise<number> {
  const [row] = await sql<{ count: number }>(
    `select count(*)::int as "count" from "public"."admin_logs"
      where "action" = 'SECURITY_FAMILY_CODE_LOCKOUT' and "book_id" = $1`,
    [bookId],
  );
  return row!.count;
}

async function tryWrongCodes(book: TestBook, times: number): Promise<void> {
  const anon = anonymousClient();
  for (let attempt = 1; attempt <= times; attempt += 1) {
    const { data, error } = await anon.rpc('verify_family_code', { book_ref: book.bookId, code: `X${attempt}` });
    expect(error).toBeNull();
    expect(data).toBe(false);
  }
}

describe('family code lockout', () => {
  it('refuses the 11th attempt, even with the right code, for 15 minutes', async () => {
    const book = await createBook({ familyCode: '4826' });
    const anon = anonymousClient();
    await tryWrongCodes(book, 10);

    const right = await anon.rpc('verify_family_code', { book_ref: book.bookId, code: '4826' });
    expect(right.data).toBeNull();
    expect(right.status).toBe(429);
    expect(right.error).toMatchObject({ code: 'PT429', message: LOCKED_MESSAGE, hint: 'family_code_locked' });

    const memories = await anon.rpc('get_book_memories', { book_ref: book.bookId, code: '4826' });
    expect(memories.error?.code).toBe('PT429');
    const memory = await anon.rpc('add_memory', { book_ref: book.bookId, family_code: '4826', full_name: 'בן', text1: 'זיכרון' });
    expect(memory.error?.code).toBe('PT429');
    expect(await lockoutLogRows(book.id)).toBe(1);

    const otherBook = await createBook({ familyCode: '1357' });
    expect((await anon.rpc('verify_family_code', { book_ref: otherBook.bookId, code: '1357' })).data).toBe(true);

    await shiftFamilyCodeAttempts(book.id, 14);
    expect((await anon.rpc('verify_family_code', { book_ref: book.bookId, code: '4826' })).error?.code).toBe('PT429');

    await shiftFamilyCodeAttempts(book.id, 2);
    const afterLockout = await anon.rpc('verify_family_code', { book_ref: book.bookId, code: ' 4826 ' });
    expect(afterLockout.error).toBeNull();
    expect(afterLockout.data).toBe(true);
    expect(await lockoutLogRows(book.id)).toBe(1);
  });

  it('starts counting afresh after a lockout ends', async () => {
    const book = await createBook();
    await tryWrongCodes(book, 10);
    await shiftFamilyCodeAttempts(book.id, 16);
    await tryWrongCodes(book, 9);
    const anon = anonymousClient();
    expect((await anon.rpc('verify_family_code', { book_ref: book.bookId, code: book.familyCode })).data).toBe(true);
    expect(await lockoutLogRows(book.id)).toBe(1);
  });

  it('does not lock for wrong codes spread over more than 15 minutes', async () => {
    const book = await createBook();
    await tryWrongCodes(book, 9);
    await shiftFamilyCodeAttempts(book.id, 16);
    await tryWrongCodes(book, 1);
    const anon = anonymousClient();
    expect((await anon.rpc('verify_family_code', { book_ref: book.bookId, code: book.familyCode })).data).toBe(true);
    expect(await lockoutLogRows(book.id)).toBe(0);
  });

  it('counts a wrong code given to get_book_memories and returns nothing for it', async () => {
    const book = await createBook();
    await sql(
      `insert into "public"."memory_entries" ("book_id", "full_name", "relation_to_deceased", "memory_text_1")
       values ($1, 'כותב', 'חבר/ה', 'זיכרון')`,
      [book.id],
    );
    const anon = anonymousClient();
    const wrong = await anon.rpc('get_book_memories', { book_ref: book.bookId, code: 'NOPE' });
    expect(wrong.error).toBeNull();
    expect(wrong.data).toEqual([]);
    const withoutCode = await anon.rpc('get_book_memories', { book_ref: book.bookId });
    expect(withoutCode.error).toMatchObject({ code: '42501', hint: 'family_code_required' });
    const right = await anon.rpc('get_book_memories', { book_ref: book.bookId.toLowerCase(), code: book.familyCode.toLowerCase() });
    expect(right.data).toHaveLength(1);
    const [attempts] = await sql<{ failed: number; succeeded: number }>(
      `select count(*) filter (where not "success")::int as "failed", count(*) filter (where "success")::int as "succeeded"
         from "public"."family_code_attempts" where "book_id" = $1`,
      [book.id],
    );
    expect(attempts).toEqual({ failed: 1, succeeded: 1 });
  });
});

/** claim-gift's comparison, called as that function calls it (service role only). */
function claimAs(user: { id: string }, args: { gift_code: string }) {
  return serviceClient().rpc('claim_gift_as', { claimer: user.id, gift_code: args.gift_code });
}

describe('gift claim lockout', () => {
  it("refuses a user's 11th claim after 10 unknown codes, even with a real code", async () => {
    const claimer = await createUser('gift-guesser');
    const giftCode = await newGiftCode();
    await createBook({ giftCode, giftStatus: 'pending' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { data, error } = await claimAs(claimer, { gift_code: `ZZZZZZ${attempt}A`.slice(0, 8) });
      expect(error).toBeNull();
      expect(data).toMatchObject({ ok: false, reason: 'gift_not_found', message: 'נא לבדוק את הקוד שקיבלת שנית' });
    }
    const locked = await claimAs(claimer, { gift_code: giftCode });
    expect(locked.data).toMatchObject({ ok: false, message: LOCKED_MESSAGE, reason: 'gift_claim_locked' });

    const someoneElse = await createUser('gift-recipient');
    const claimed = await claimAs(someoneElse, { gift_code: ` ${giftCode.toLowerCase()} ` });
    expect(claimed.data).toMatchObject({ ok: true, reason: 'claimed' });
    const [book] = await sql<{ owner_email: string; gift_status: string; gift_activated: boolean }>(
      `select "owner_email", "gift_status", "gift_activated" from "public"."memory_books" where "gift_code" = $1`,
      [giftCode],
    );
    expect(book).toEqual({ owner_email: someoneElse.email, gift_status: 'claimed', gift_activated: true });
  });

  it('explains why a real code cannot be claimed', async () => {
    const user = await createUser('gift-checker');
    const expired = await newGiftCode();
    await createBook({ giftCode: expired, giftStatus: 'pending' });
    await sql(`update "public"."memory_books" set "gift_code_expires_at" = now() - interval '1 day' where "gift_code" = $1`, [expired]);
    const cancelled = await newGiftCode();
    await createBook({ giftCode: cancelled, giftStatus: 'cancelled' });
    const unpaid = await newGiftCode();
    await createBook({ giftCode: unpaid, giftStatus: 'pending', payment: 'pending' });

    const reasons = [];
    for (const code of [expired, cancelled, unpaid]) {
      reasons.push((await claimAs(user, { gift_code: code })).data?.message);
    }
    expect(reasons).toEqual(['קוד המתנה פג תוקפו', 'המתנה בוטלה על ידי הרוכש', 'קוד המתנה לא זמין לתביעה']);
    const again = await createUser('gift-second');
    const first = await newGiftCode();
    await createBook({ giftCode: first, giftStatus: 'pending' });
    expect((await claimAs(user, { gift_code: first })).data?.ok).toBe(true);
    expect((await claimAs(again, { gift_code: first })).data?.message).toBe('קוד המתנה כבר נתבע');
  });
});
