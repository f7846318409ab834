/**
 * What other screens show of family admins and ownership transfers: the management dashboard's
 * transfer card, the owner's pending approvals and the invitee's waiting screen on /dashboard.
 */
export { useWaitsForTransfer } from './api/ownership-transfers'
export { InviteeTransferStatus } from './components/InviteeTransferStatus'
export { OwnerTransferRequests } from './components/OwnerTransferRequests'
export { OwnershipTransferCard } from './components/OwnershipTransferCard'
