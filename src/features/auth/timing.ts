/** The account flows' timings. */
export const successDialogAutoCloseMs = 6_000
export const spamHintDelayMs = 20_000
export const confirmationPollMs = 5_000
/** How long the invalid-link view of /update-password shows before moving on to /reset-password. */
export const invalidLinkRedirectMs = 4_000
