/**
 * The contract of every edge function the browser calls, by the function's name: the bodies it
 * may send, the answer each gets, and the refusal codes (`Reason`). `invokeEdgeFunction(name, body)` is typed
 * from `Calls`; the function parses its body with the same module's `body` schema. Adding a
 * function: write `contracts/<name>.ts` first (body, Call, Reason), list it here, then the
 * function and its caller.
 */
import type { z } from 'zod'
import type * as applyCoupon from './apply-coupon.ts'
import type * as cancelGift from './cancel-gift.ts'
import type * as checkGiftCode from './check-gift-code.ts'
import type * as claimGift from './claim-gift.ts'
import type { CALLER_REASONS, COMMON_REASONS, Exchange } from './contract.ts'
import type * as createCheckoutSession from './create-checkout-session.ts'
import type * as createGift from './create-gift.ts'
import type * as createMemoryBook from './create-memory-book.ts'
import type * as deleteAccount from './delete-account.ts'
import type * as deleteBook from './delete-book.ts'
import type * as deleteMemory from './delete-memory.ts'
import type * as familyAccess from './family-access.ts'
import type * as joinAsAdmin from './join-as-admin.ts'
import type * as lightCandle from './light-candle.ts'
import type * as ownershipTransfer from './ownership-transfer.ts'
import type * as reminderSubscribe from './reminder-subscribe.ts'
import type * as resendGift from './resend-gift.ts'
import type * as resetUserPassword from './reset-user-password.ts'
import type * as sendAdminNotification from './send-admin-notification.ts'
import type * as supportChat from './support-chat.ts'
import type * as validateCoupon from './validate-coupon.ts'

/** A contract whose every body is one its schema accepts; tsc fails on a Call the schema would refuse. */
type Checked<
  Module extends { body: z.ZodType },
  Call extends Exchange<z.input<Module['body']>, unknown>,
  Reason extends string,
> = {
  call: Call
  reason: Reason
}

interface Contracts {
  'apply-coupon': Checked<typeof applyCoupon, applyCoupon.Call, applyCoupon.Reason>
  'cancel-gift': Checked<typeof cancelGift, cancelGift.Call, cancelGift.Reason>
  'check-gift-code': Checked<typeof checkGiftCode, checkGiftCode.Call, checkGiftCode.Reason>
  'claim-gift': Checked<typeof claimGift, claimGift.Call, claimGift.Reason>
  'create-checkout-session': Checked<
    typeof createCheckoutSession,
    createCheckoutSession.Call,
    createCheckoutSession.Reason
  >
  'create-gift': Checked<typeof createGift, createGift.Call, createGift.Reason>
  'create-memory-book': Checked<typeof createMemoryBook, createMemoryBook.Call, createMemoryBook.Reason>
  'delete-account': Checked<typeof deleteAccount, deleteAccount.Call, deleteAccount.Reason>
  'delete-book': Checked<typeof deleteBook, deleteBook.Call, deleteBook.Reason>
  'delete-memory': Checked<typeof deleteMemory, deleteMemory.Call, deleteMemory.Reason>
  'family-access': Checked<typeof familyAccess, familyAccess.Call, familyAccess.Reason>
  'join-as-admin': Checked<typeof joinAsAdmin, joinAsAdmin.Call, joinAsAdmin.Reason>
  'light-candle': Checked<typeof lightCandle, lightCandle.Call, lightCandle.Reason>
  'ownership-transfer': Checked<typeof ownershipTransfer, ownershipTransfer.Call, ownershipTransfer.Reason>
  'reminder-subscribe': Checked<typeof reminderSubscribe, reminderSubscribe.Call, reminderSubscribe.Reason>
  'resend-gift': Checked<typeof resendGift, resendGift.Call, resendGift.Reason>
  'reset-user-password': Checked<typeof resetUserPassword, resetUserPassword.Call, resetUserPassword.Reason>
  'send-admin-notification': Checked<
    typeof sendAdminNotification,
    sendAdminNotification.Call,
    sendAdminNotification.Reason
  >
  'support-chat': Checked<typeof supportChat, supportChat.Call, supportChat.Reason>
  'validate-coupon': Checked<typeof validateCoupon, validateCoupon.Call, validateCoupon.Reason>
}

export type FunctionName = keyof Contracts

/** Every body function `Name` accepts. */
export type BodyOf<Name extends FunctionName> = Contracts[Name]['call']['body']

/** The answer to `Body`: of the function's calls, the one whose body `Body` is. */
export type AnswerTo<Name extends FunctionName, Body> = Contracts[Name]['call'] extends infer Call
  ? Call extends Exchange<infer Accepted, infer Answer>
    ? Body extends Accepted
      ? Answer
      : never
    : never
  : never

/** The stable codes of function `Name`'s refusals, the common ones included. */
export type ReasonOf<Name extends FunctionName> =
  | Contracts[Name]['reason']
  | (typeof COMMON_REASONS)[number]
  | (typeof CALLER_REASONS)[number]
