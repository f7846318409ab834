import type { ComponentType } from 'react'
import type { ScreenKey } from '@/lib/current-screen'

export type { ScreenKey }

/**
 * `public`: content pages that need no backend (landing, information pages); they render without the
 * data layer and stay light. `app`: screens that talk to the backend; they render inside DataLayout
 * (TanStack Query).
 */
export type RouteKind = 'public' | 'app'

/** Who may open an app screen: anyone (no entry), a signed-in user, or a platform admin. */
export type RouteAccess = 'signedIn' | 'platformAdmin'

export interface AppRoute {
  path: string
  screen: ScreenKey
  kind: RouteKind
  /** Checked by the route guard before the screen shows. */
  access?: RouteAccess
  /** Loads the screen's module in its own chunk. */
  load: () => Promise<{ default: ComponentType }>
}

/**
 * Every screen of the product. The router adds the development build's route map and the 404 page
 * (src/app/router.tsx).
 */
export const appRoutes: readonly AppRoute[] = [
  { path: '/', screen: 'landing', kind: 'public', load: () => import('@/features/landing/LandingPage') },
  { path: '/faq', screen: 'faq', kind: 'public', load: () => import('@/features/static-pages/FaqPage') },
  {
    path: '/how-it-works',
    screen: 'howItWorks',
    kind: 'public',
    load: () => import('@/features/static-pages/HowItWorksPage'),
  },
  {
    path: '/terms-of-service',
    screen: 'termsOfService',
    kind: 'public',
    load: () => import('@/features/static-pages/TermsOfServicePage'),
  },
  {
    path: '/privacy-policy',
    screen: 'privacyPolicy',
    kind: 'public',
    load: () => import('@/features/static-pages/PrivacyPolicyPage'),
  },

  {
    path: '/onboarding',
    screen: 'onboarding',
    kind: 'app',
    load: () => import('@/features/onboarding/OnboardingPage'),
  },
  { path: '/register', screen: 'register', kind: 'app', load: () => import('@/features/auth/RegisterPage') },
  { path: '/login', screen: 'login', kind: 'app', load: () => import('@/features/auth/LoginPage') },
  {
    path: '/reset-password',
    screen: 'resetPassword',
    kind: 'app',
    load: () => import('@/features/auth/ResetPasswordPage'),
  },
  {
    path: '/update-password',
    screen: 'updatePassword',
    kind: 'app',
    load: () => import('@/features/auth/UpdatePasswordPage'),
  },
  {
    path: '/email-confirmation',
    screen: 'emailConfirmation',
    kind: 'app',
    load: () => import('@/features/auth/EmailConfirmationPage'),
  },
  { path: '/payment', screen: 'payment', kind: 'app', load: () => import('@/features/payment/PaymentPage') },
  { path: '/select-plan', screen: 'selectPlan', kind: 'app', load: () => import('@/features/payment/SelectPlanPage') },

  {
    path: '/dashboard',
    screen: 'dashboard',
    kind: 'app',
    access: 'signedIn',
    load: () => import('@/features/dashboard/DashboardPage'),
  },
  {
    path: '/create-book',
    screen: 'createBook',
    kind: 'app',
    access: 'signedIn',
    load: () => import('@/features/books/CreateBookPage'),
  },
  {
    path: '/edit-book',
    screen: 'editBook',
    kind: 'app',
    access: 'signedIn',
    load: () => import('@/features/books/EditBookPage'),
  },
  {
    path: '/edit-book/:book',
    screen: 'editBook',
    kind: 'app',
    access: 'signedIn',
    load: () => import('@/features/books/EditBookPage'),
  },
  {
    path: '/view-book/:book',
    screen: 'viewBook',
    kind: 'app',
    load: () => import('@/features/reading/ViewBookPage'),
  },
  {
    path: '/add-memory/:book',
    screen: 'addMemory',
    kind: 'app',
    load: () => import('@/features/add-memory/AddMemoryPage'),
  },
  { path: '/qr-display', screen: 'qrDisplay', kind: 'app', load: () => import('@/features/sharing/QrDisplayPage') },
  { path: '/share/:book', screen: 'share', kind: 'app', load: () => import('@/features/sharing/ShareLandingPage') },
  {
    path: '/memories-slideshow/:book',
    screen: 'memoriesSlideshow',
    kind: 'app',
    load: () => import('@/features/reading/SlideshowPage'),
  },
  {
    path: '/memory-book/:book',
    screen: 'memoryBook',
    kind: 'app',
    load: () => import('@/features/reading/MemoryBookPage'),
  },

  {
    path: '/reminders/confirm',
    screen: 'reminderConfirm',
    kind: 'app',
    load: () => import('@/features/reminders/ConfirmReminderPage'),
  },
  {
    path: '/reminders/unsubscribe',
    screen: 'reminderUnsubscribe',
    kind: 'app',
    load: () => import('@/features/reminders/UnsubscribeReminderPage'),
  },
  {
    path: '/memory-news/unsubscribe',
    screen: 'memoryNewsUnsubscribe',
    kind: 'app',
    load: () => import('@/features/reminders/UnsubscribeMemoryNewsPage'),
  },
  {
    path: '/family-code/renew',
    screen: 'familyCodeRenew',
    kind: 'app',
    load: () => import('@/features/admin-dashboard/RenewFamilyCodePage'),
  },
  {
    path: '/add-family-admin',
    screen: 'addFamilyAdmin',
    kind: 'app',
    access: 'signedIn',
    load: () => import('@/features/family-admins/AddFamilyAdminPage'),
  },
  {
    path: '/family-admin-register',
    screen: 'familyAdminRegister',
    kind: 'app',
    load: () => import('@/features/family-admins/FamilyAdminRegisterPage'),
  },
  {
    path: '/admin-dashboard',
    screen: 'adminDashboard',
    kind: 'app',
    access: 'signedIn',
    load: () => import('@/features/admin-dashboard/AdminDashboardPage'),
  },
  {
    path: '/book-export',
    screen: 'bookExport',
    kind: 'app',
    access: 'signedIn',
    load: () => import('@/features/books/BookExportPage'),
  },

  {
    path: '/gift-generation',
    screen: 'giftGeneration',
    kind: 'app',
    access: 'signedIn',
    load: () => import('@/features/gifts/GiftGenerationPage'),
  },
  {
    path: '/gift-created',
    screen: 'giftCreated',
    kind: 'app',
    access: 'signedIn',
    load: () => import('@/features/gifts/GiftCreatedPage'),
  },
  { path: '/gift', screen: 'gift', kind: 'app', load: () => import('@/features/gifts/ClaimGiftPage') },
  {
    path: '/gift-welcome',
    screen: 'giftWelcome',
    kind: 'app',
    access: 'signedIn',
    load: () => import('@/features/gifts/GiftWelcomePage'),
  },

  {
    path: '/admin-panel',
    screen: 'adminPanel',
    kind: 'app',
    access: 'platformAdmin',
    load: () => import('@/features/platform-admin/AdminPanelPage'),
  },
  {
    path: '/admin/coupons',
    screen: 'adminCoupons',
    kind: 'app',
    access: 'platformAdmin',
    load: () => import('@/features/platform-admin/AdminCouponsPage'),
  },
]
