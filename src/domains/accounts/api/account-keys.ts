/** The query keys of accounts: a user's access, onboarding answers and heirs. Every one starts with 'account'. */
export const accountKeys = {
  all: ['account'] as const,
  access: (userId: string) => [...accountKeys.all, 'access', userId] as const,
  onboarding: (userId: string) => [...accountKeys.all, 'onboarding', userId] as const,
  heirs: (bookId: string) => [...accountKeys.all, 'heirs', bookId] as const,
}
