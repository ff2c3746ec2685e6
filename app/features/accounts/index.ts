export {
  PASSWORD_MAX_LENGTH,
  RESEND_CONFIRMATION_INTENT,
  UNCONFIRMED_EMAIL,
  credentialsSchemaFor,
  passwordResetRequestSchema,
  passwordResetSchema,
  signInModeOf,
} from "./credentials";
export { CredentialsForm, ResendConfirmation } from "./components/credentials-form";
export { Invitations, RevokeInvitationConfirmation } from "./components/invitations";
export { REVOKE_INVITATION_QUERY } from "./invitation-fields";
export { NewPasswordForm } from "./components/new-password-form";
export { PasswordInput } from "./components/password-input";
export {
  ONLY_OWNERS_REQUIRE,
  RESET_TWO_FACTOR,
  WRONG_CODE,
  requireTwoFactorSchema,
  secondFactorSchema,
} from "./two-factor-code";
export {
  CodeForm,
  RecoveryCodes,
  TotpKey,
  TwoFactorRequirement,
  type CodeIntent,
} from "./components/two-factor";
export { AccountActions } from "./components/account-actions";
export { ResetTwoFactorConfirmation } from "./components/two-factor-reset";
export { PasskeySignIn, Passkeys, RemovePasskeyConfirmation } from "./components/passkeys";
export { PASSKEY_CREDENTIAL_FIELD, PASSKEY_SIGN_IN_INTENT } from "./passkey-fields";
