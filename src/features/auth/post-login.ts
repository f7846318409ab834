import {
  clearLocalOnboardingAnswers,
  readLocalOnboardingAnswers,
  relationships,
  type OnboardingAnswers,
} from '@/domains/accounts/onboarding/onboarding-storage'
import { saveOnboardingData } from '@/domains/accounts/onboarding/save-onboarding-data'
import { readPendingOwnershipTransfer } from '@/domains/family-admins/ownership-transfer/pending-ownership-transfer'
import { takeAccountRegistration } from '@/domains/accounts/api/account-registration'
import {
  FORCED_PASSWORD_CHANGE_PATH,
  fetchMustChangePassword,
  fetchUserRole,
  type UserRole,
} from '@/domains/accounts/api/user-role'
import { readPendingGiftCode } from '@/domains/gift/lib/pending-gift-code'
import {
  continuationPathFor,
  giftClaimPath,
  readRegistrationData,
  saveRegistrationData,
  type RegistrationData,
} from '@/domains/accounts/lib/registration-data'
import type { SessionUser } from '@/lib/auth-session/auth-session-store'

export interface PostLoginFacts {
  email: string
  registration: RegistrationData | null
  pendingGiftCode: string | null
  role: UserRole
  /** An ownership-transfer invitation opened at /login: the dashboard records it. */
  pendingOwnershipTransfer?: boolean
  /** The screen that sent the visitor to sign in. */
  returnTo?: string | null
}

function isSameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/** Registration data left by someone else on this browser does not steer this user. */
function registrationOf(facts: Pick<PostLoginFacts, 'email' | 'registration'>): RegistrationData | null {
  return facts.registration && isSameAddress(facts.registration.email, facts.email) ? facts.registration : null
}

/**
 * Where a user goes after signing in, in this order: with an
 * ownership-transfer invitation → /dashboard (which records it); with temporary
 * registration data → /payment?plan&type (or, when the account was opened to claim a gift, that
 * gift); with a pending gift code → /gift?code; back to the screen that asked for a sign-in;
 * a platform admin (users.role) → /admin-panel; anyone else → /dashboard.
 */
export function postLoginPath(facts: PostLoginFacts): string {
  if (facts.pendingOwnershipTransfer) return '/dashboard'
  const registration = registrationOf(facts)
  if (registration) return continuationPathFor(registration)
  if (facts.pendingGiftCode) return giftClaimPath(facts.pendingGiftCode)
  if (facts.returnTo) return facts.returnTo
  if (facts.role === 'admin') return '/admin-panel'
  return '/dashboard'
}

function answersOf(registration: RegistrationData | null): OnboardingAnswers | null {
  const saved = registration?.onboardingData
  const relationship = relationships.find((known) => known === saved?.relationship)
  return saved && relationship ? { relationship, deceasedName: saved.deceased_name } : null
}

/**
 * Answers given in the wizard before there was an account are saved once the user signs in: from
 * this browser, or else from the registration kept with the account (confirmed on another device).
 */
async function saveAnswersBeforeAccount(userId: string, fromAccount: RegistrationData | null): Promise<void> {
  const local = readLocalOnboardingAnswers()
  const answers = local ?? answersOf(fromAccount)
  if (!answers) return
  try {
    await saveOnboardingData(userId, answers)
    if (local) clearLocalOnboardingAnswers()
  } catch (error) {
    console.warn('could not save the onboarding answers given before the account', error)
  }
}

/**
 * Everything that follows a sign-in: a user signed in with a temporary password goes to choose a
 * new one first; otherwise pending onboarding answers are saved, then it says where to go.
 */
export async function afterSignIn(user: SessionUser, returnTo: string | null = null): Promise<string> {
  if (await fetchMustChangePassword(user.id).catch(() => false)) return FORCED_PASSWORD_CHANGE_PATH
  const fromAccount = await takeAccountRegistration(user).catch((): null => null)
  let registration = registrationOf({ email: user.email, registration: readRegistrationData() })
  if (!registration && fromAccount) {
    saveRegistrationData(fromAccount)
    registration = fromAccount
  }
  await saveAnswersBeforeAccount(user.id, fromAccount)
  const pendingGiftCode = readPendingGiftCode()
  const needsRole = !registration && !pendingGiftCode && !returnTo
  const role = needsRole ? await fetchUserRole(user.id).catch((): UserRole => 'user') : 'user'
  return postLoginPath({
    email: user.email,
    registration,
    pendingGiftCode,
    role,
    pendingOwnershipTransfer: readPendingOwnershipTransfer() !== null,
    returnTo,
  })
}
