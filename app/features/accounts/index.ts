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
