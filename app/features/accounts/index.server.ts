export { accountsForAdmin, changeAccount, isOwner, requireOwner } from "./accounts.server";
export type { AccountChange } from "./accounts.server";
export { ACCOUNT_INTENTS } from "./account-fields";
export type { AccountView } from "./account-fields";
export {
  currentUser,
  endSession,
  hasAdminRights,
  landingPageOf,
  readSessionOncePerRequest,
  requireAdmin,
  signedInNotice,
  userAwaitingSecondFactor,
} from "./admin-session.server";
export { offerConfirmationAgain, resendConfirmation } from "./confirmation-resend.server";
export { acceptInvitation, invitationState, invitationsForAdmin } from "./invitations.server";
export { answerInvitationPost, isInvitationPost } from "./invitation-posts.server";
export { passkeyOptionsResponse } from "./passkey-options.server";
export {
  addPasskey,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  passkeysOf,
  removePasskey,
  signInWithPasskey,
} from "./passkeys.server";
export { passwordResetState, requestPasswordReset, resetPassword } from "./password-reset.server";
export {
  INVALID_CREDENTIALS,
  openSignedInSession,
  signInWithPassword,
  signInWithSecondFactor,
} from "./sign-in.server";
export { confirmEmail, isConfirmationOpen, signUp } from "./sign-up.server";
export {
  confirmTotp,
  regenerateRecoveryCodes,
  setTwoFactorRequired,
  totpSetup,
  turnOffTotp,
  twoFactorStatus,
} from "./two-factor.server";
export type { CodeCheck } from "./two-factor.server";
export { accountsPersonalData } from "./personal-data.server";
export { answerTwoFactorResetPost, isTwoFactorResetPost } from "./two-factor-reset-posts.server";
export { twoFactorRequired } from "./two-factor-requirement.server";
export { sealTotpSecretsAtStart } from "./totp-secret-resealing.server";
