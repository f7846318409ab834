/** What other features use of sharing: the dashboard header mounts the share dialog. */
export { ShareBookDialog, type ShareBookDialogProps } from './components/ShareBookDialog'
export { buildInvitationText, type InvitationInput } from './lib/invitation-text'
