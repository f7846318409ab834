/** The query (and mutation) keys of family admins and ownership transfers. Every one starts with 'family-admins'. */
export const familyAdminKeys = {
  all: ['family-admins'] as const,
  admins: (bookId: string) => [...familyAdminKeys.all, 'admins', bookId] as const,
  invitationStatus: (token: string, bookId: string) =>
    [...familyAdminKeys.all, 'invitation-status', token, bookId] as const,
  joinAccount: () => [...familyAdminKeys.all, 'join-account'] as const,
  transfers: () => [...familyAdminKeys.all, 'transfers'] as const,
  transfersOfBook: (bookId: string) => [...familyAdminKeys.transfers(), 'book', bookId] as const,
  transfersWaitingFor: (userId: string) => [...familyAdminKeys.transfers(), 'mine', userId] as const,
}
