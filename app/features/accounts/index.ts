export {
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  credentialsSchema,
  newCredentialsSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
} from "./credentials";
export { WRONG_CODE, requireTwoFactorSchema, secondFactorSchema } from "./two-factor-code";
export { RecoveryCodes, TotpKey } from "./components/two-factor";
export { PasskeySignIn, Passkeys, RemovePasskeyConfirmation } from "./components/passkeys";
export {
  ADD_PASSKEY_INTENT,
  PASSKEY_CREDENTIAL_FIELD,
  PASSKEY_SIGN_IN_INTENT,
  REMOVE_PASSKEY_INTENT,
} from "./passkey-fields";
