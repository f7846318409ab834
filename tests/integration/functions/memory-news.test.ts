/**
 * send-memory-news: the owner hears of new memories in one e-mail per batch (at most every 15
 * minutes) or per day, never of their own memories; family admins opt in; a link stops it. Each
 * memory is announced once across runs, and a run that died after claiming loses nothing.
 */
import { describe, expect, it } from 'vitest'
import {
  addMemory,
  anonClient,
  confirmAdmin,
  createBook,
  isFramed,
  mailsTo,
  readMail,
  sendMemoryNews,
  serviceClient,
  signedInUser,
  sql,
  testEnv,
  type TestBook,
} from '../../../supabase/local/testing/index.ts'

/** The news e-mails to `address` about `book`, oldest first, with their text. */
async function newsTo(address: string, book: TestBook): Promise<{ subject: string; text: string; framed: boolean }[]> {
  const summaries = (await mailsTo(address)).filter((mail) => mail.Subject.includes(`בספר לזכר ${book.fullName}`))
  const mails = await Promise.all(summaries.map((summary) => readMail(summary.ID)))
  return mails.reverse().map((mail) => ({ subject: mail.Subject, text: mail.Text, framed: isFramed(mail) }))
}

async function run(): Promise<void> {
  const answer = await sendMemoryNews()
  expect(answer.status).toBe(200)
}

/** As if the last e-mail went 15 minutes ago (the batch interval has passed). */
async function batchIntervalPassed(bookId: string): Promise<void> {
  await sql(
    `update "public"."memory_news_recipients" set "last_sent_at" = now() - interval '15 minutes' where "book_id" = $1`,
    [bookId],
  )
}

function uniqueName(label: string): string {
  return `${label} ${crypto.randomUUID().slice(0, 6)}`
}

describe('send-memory-news', () => {
  it("sends the owner one batch for three memories, then only what is new, never the owner's own", async () => {
    const owner = await signedInUser({ label: 'news-owner' })
    const book = await createBook({ ownerEmail: owner.email, fullName: uniqueName('רבקה') })
    const noa = await addMemory(book, {
      fullName: 'נועה',
      relation: 'נכדה',
      texts: ['סבתא אפתה חלות בכל שישי', null, null],
    })
    const moshe = await addMemory(book, { fullName: 'משה', relation: 'בן', texts: ['אמא לימדה אותי לשיר', null, null] })
    await addMemory(book, { fullName: 'רות', relation: 'שכנה', texts: ['היא תמיד חייכה', null, null] })
    await addMemory(book, { fullName: 'מוסתר', texts: ['זיכרון מוסתר', null, null], hidden: true })
    const own = await addMemory(book, { fullName: 'בעל הספר', texts: ['הזיכרון שלי', null, null] })
    await sql(`update "public"."memory_entries" set "author_user_id" = $1 where "id" = $2`, [owner.id, own])

    await run()
    await run()
    const first = await newsTo(owner.email, book)
    expect(first).toHaveLength(1)
    expect(first[0]!.subject).toBe(`3 זיכרונות חדשים בספר לזכר ${book.fullName}`)
    expect(first[0]!.text).toContain('נועה (נכדה):\nסבתא אפתה חלות בכל שישי')
    expect(first[0]!.text).toContain('משה (בן):')
    expect(first[0]!.text).toContain(`/view-book/${book.shortCode}`)
    expect(first[0]!.framed).toBe(true)
    for (const memory of [noa, moshe]) {
      expect(first[0]!.text).toContain(
        `להסתרת הזיכרון: ${testEnv.siteUrl}/admin-dashboard?book=${book.id}&memory=${memory}`,
      )
    }
    expect(first[0]!.text).toContain('/memory-news/unsubscribe?token=')
    expect(first[0]!.text).not.toContain('זיכרון מוסתר')
    expect(first[0]!.text).not.toContain('הזיכרון שלי')

    await addMemory(book, { fullName: 'אורי', relation: 'חבר', texts: ['טיילנו יחד', null, null] })
    await run()
    expect(await newsTo(owner.email, book)).toHaveLength(1)
    await batchIntervalPassed(book.id)
    await run()
    const all = await newsTo(owner.email, book)
    expect(all).toHaveLength(2)
    expect(all[1]!.subject).toBe(`זיכרון חדש בספר לזכר ${book.fullName}`)
    expect(all[1]!.text).toContain('אורי (חבר):')
    expect(all[1]!.text).not.toContain('נועה')
  })

  it('announces each memory once across two runs and a run that died after claiming', async () => {
    const owner = await signedInUser({ label: 'news-failed-run' })
    const book = await createBook({ ownerEmail: owner.email, fullName: uniqueName('יצחק') })
    await addMemory(book, { fullName: 'אחת', texts: ['ראשון', null, null] })
    await addMemory(book, { fullName: 'שתיים', texts: ['שני', null, null] })
    const [recipient] = await sql<{ id: string }>(
      `select "id" from "public"."memory_news_recipients" where "book_id" = $1 and "user_id" is null`,
      [book.id],
    )
    // A run claims the memories and dies before sending: no e-mail, the claim stays behind.
    const died = await serviceClient().rpc('memory_news_claim', { recipient: recipient!.id })
    expect(died.error).toBeNull()
    await run()
    expect(await newsTo(owner.email, book)).toHaveLength(0)
    // Ten minutes later the next run gives the claim back and sends both, once.
    await sql(
      `update "public"."memory_news_sends" set "claimed_at" = now() - interval '11 minutes' where "recipient_id" = $1`,
      [recipient!.id],
    )
    await run()
    await run()
    const mails = await newsTo(owner.email, book)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(`2 זיכרונות חדשים בספר לזכר ${book.fullName}`)
    await batchIntervalPassed(book.id)
    await run()
    expect(await newsTo(owner.email, book)).toHaveLength(1)
  })

  it('sends a daily digest once a day, and nothing when the owner chose none', async () => {
    const owner = await signedInUser({ label: 'news-daily' })
    const book = await createBook({ ownerEmail: owner.email, fullName: uniqueName('שמואל') })
    expect((await owner.client.rpc('set_memory_news', { book: book.id, frequency: 'daily' })).data).toBe('daily')
    await addMemory(book, { fullName: 'יומי' })
    await run()
    await addMemory(book, { fullName: 'יומי שני' })
    await batchIntervalPassed(book.id)
    await run()
    const mails = await newsTo(owner.email, book)
    expect(mails.map((mail) => mail.subject)).toEqual([`סיכום יומי: זיכרון חדש בספר לזכר ${book.fullName}`])

    const quiet = await signedInUser({ label: 'news-off' })
    const quietBook = await createBook({ ownerEmail: quiet.email, fullName: uniqueName('אסתר') })
    expect((await quiet.client.rpc('set_memory_news', { book: quietBook.id, frequency: 'off' })).data).toBe('off')
    await addMemory(quietBook, { fullName: 'שקט' })
    await run()
    expect(await newsTo(quiet.email, quietBook)).toHaveLength(0)
  })

  it('lets a family admin opt in, refuses anyone else, and stops with the link in the e-mail', async () => {
    const owner = await signedInUser({ label: 'news-owner-with-admin' })
    const admin = await signedInUser({ label: 'news-family-admin' })
    const stranger = await signedInUser({ label: 'news-stranger' })
    const book = await createBook({ ownerEmail: owner.email, fullName: uniqueName('לאה') })
    await confirmAdmin(book.id, admin.id)
    expect((await admin.client.rpc('memory_news_setting', { book: book.id })).data).toBe('off')
    expect((await admin.client.rpc('set_memory_news', { book: book.id, frequency: 'batch' })).data).toBe('batch')
    expect((await stranger.client.rpc('set_memory_news', { book: book.id, frequency: 'batch' })).error?.code).toBe(
      '42501',
    )
    expect((await anonClient().rpc('set_memory_news', { book: book.id, frequency: 'batch' })).error).not.toBeNull()
    await addMemory(book, { fullName: 'כותבת' })
    await run()
    const adminMails = await newsTo(admin.email, book)
    expect(adminMails).toHaveLength(1)
    expect(adminMails[0]!.text).not.toContain('להסתרת הזיכרון')
    expect(await newsTo(owner.email, book)).toHaveLength(1)

    const token = /memory-news\/unsubscribe\?token=([\w-]+)/.exec(adminMails[0]!.text)![1]!
    const unsubscribed = await anonClient().rpc('memory_news_unsubscribe', { token })
    expect(unsubscribed.data).toMatchObject({ ok: true, short_code: book.shortCode })
    expect((await admin.client.rpc('memory_news_setting', { book: book.id })).data).toBe('off')
    expect((await owner.client.rpc('memory_news_setting', { book: book.id })).data).toBe('batch')
    expect((await anonClient().rpc('memory_news_unsubscribe', { token: 'x'.repeat(40) })).error).toMatchObject({
      hint: 'email_link_invalid',
    })
  })

  it('refuses callers without the scheduler secret or the service key', async () => {
    expect((await sendMemoryNews({})).status).toBe(401)
  })
})
