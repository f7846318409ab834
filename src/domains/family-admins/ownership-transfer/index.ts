/**
 * Ownership transfer of a book, shown on several screens: the management dashboard's transfer
 * card, the owner's pending approvals and the invitee's waiting screen on /dashboard; and the
 * link card the family-admin screens share.
 */
export { InviteeTransferStatus } from './InviteeTransferStatus'
export { LinkShareCard } from './LinkShareCard'
export { OwnerTransferRequests } from './OwnerTransferRequests'
export { OwnershipTransferCard } from './OwnershipTransferCard'
export { useWaitsForTransfer } from './ownership-transfers'
