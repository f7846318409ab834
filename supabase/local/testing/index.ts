/**
 * The one test kit of the integration and e2e suites: clients and SQL as the database owner
 * (clients.ts), users and sign-in (users.ts), books and memories (books.ts), the mailbox
 * (mailbox.ts), media bytes and uploads (media.ts), reminders and candles (remembrance.ts), tokens for users that do not exist
 * (minted-user.ts), rows that still mention a value (references.ts).
 */
export * from './books.ts'
export * from './clients.ts'
export * from './mailbox.ts'
export * from './media.ts'
export * from './minted-user.ts'
export * from './references.ts'
export * from './remembrance.ts'
export * from './users.ts'
