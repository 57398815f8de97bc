export { loadPortalConfig, PortalConfigError } from './config';
export type { PortalConfig, OidcConfig } from './config';

export {
  Session,
  SignInError,
  createSession,
  toSafeRedirectTarget,
  AUTHENTICATION_TYPE_KEY,
  REDIRECT_AFTER_LOGIN_KEY,
  DEFAULT_REDIRECT_AFTER_LOGIN,
} from './session';
/** The signed-in user as oidc-client-ts keeps it (tokens, expiry, ID-token profile). */
export type { User as SessionUser } from 'oidc-client-ts';
export type {
  AuthenticationType,
  SignedInType,
  SessionEvent,
  SessionEventMap,
  SessionOptions,
  SessionUserManager,
  SignInErrorCode,
  SignInOptions,
} from './session';

export { createApiClient } from './api-client';
export type {
  AccessTokenGetter,
  ApiClient,
  ApiClientOptions,
  ApiRequestOptions,
  ListRequest,
  UploadInput,
  UploadProgress,
  ListResult,
} from './api-client';

export { ApiError, fieldErrorTexts, toApiErrorBody } from './api-error';
export type { ApiErrorBody, ApiErrorItem } from './api-error';

export { createAuthProvider } from './react-admin';
export type { AuthProviderOptions, AuthSession, PortalAuthProvider } from './react-admin';
