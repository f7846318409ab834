/** The query keys of the admin panel. Every one starts with 'platform-admin'. */
export const platformAdminKeys = {
  all: ['platform-admin'] as const,
  users: () => [...platformAdminKeys.all, 'users'] as const,
  userPage: (search: string, page: number) => [...platformAdminKeys.users(), search.trim(), page] as const,
  books: () => [...platformAdminKeys.all, 'books'] as const,
  bookPage: (search: string, page: number) => [...platformAdminKeys.books(), search.trim(), page] as const,
  overview: () => [...platformAdminKeys.all, 'overview'] as const,
  coupons: () => [...platformAdminKeys.all, 'coupons'] as const,
  securityLog: () => [...platformAdminKeys.all, 'security-log'] as const,
  chatAnalytics: () => [...platformAdminKeys.all, 'chat-analytics'] as const,
  unknownRefunds: () => [...platformAdminKeys.all, 'unknown-refunds'] as const,
}
