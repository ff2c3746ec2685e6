export {
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  credentialsSchema,
  newCredentialsSchema,
} from "./credentials";
