export {
  createApiClient,
  buildUrl,
  webTypeHeader,
  type ApiClientOptions,
  type ServerFailure,
} from './client';
export { ApiError, isApiError, isAborted, errorMessage } from './api-error';
export { localTokenStore, tokenKey, type TokenStore } from './token-store';
