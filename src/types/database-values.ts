import { ONBOARDING_RELATIONSHIPS } from '@contracts/relationships.ts'

/**
 * Values the schema's check constraints allow (it uses text + check constraints, not enum types),
 * for the app's own lists. Written by hand: contracts/database.ts is generated.
 */
export const databaseValues = {
  public: {
    paymentStatuses: ['unpaid', 'pending', 'paid', 'completed', 'failed', 'test'],
    paidStatuses: ['paid', 'completed', 'test'],
    giftStatuses: ['pending', 'claimed', 'cancelled', 'replaced'],
    memorySources: ['guest', 'family'],
    bookAdminStatuses: ['invited', 'confirmed'],
    transferStatuses: ['pending_registration', 'registered_waiting_approval', 'approved', 'declined'],
    chatIntents: ['pricing', 'gift', 'technical', 'family_code', 'process', 'support', 'greeting', 'other'],
    discountTypes: ['percent', 'fixed'],
    onboardingRelationships: ONBOARDING_RELATIONSHIPS,
    userRoles: ['user', 'admin'],
  },
} as const
