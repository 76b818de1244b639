import {
  MutationCache,
  QueryCache,
  QueryClient,
  type DefaultOptions,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Product constants (spec section 9). */
export const STALE_TIME_MS = 5 * 60 * 1000;
export const MAX_QUERY_RETRIES = 3;
export const MAX_MUTATION_RETRIES = 2;

/**
 * Whether a failed request may be tried again. Never on 401/403 (spec), and never on
 * any other 4xx either: those answers (validation, insufficient balance, conflict,
 * rate limit, ...) would only repeat. Network errors and 5xx are retried.
 */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.status === 0) return true;
  return error.status >= 500;
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isRetryable(error);
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_MUTATION_RETRIES && isRetryable(error);
}

export const queryConfig = {
  queries: {
    staleTime: STALE_TIME_MS,
    retry: shouldRetryQuery,
    refetchOnWindowFocus: false,
  },
  mutations: {
    retry: shouldRetryMutation,
  },
} satisfies DefaultOptions;

/**
 * Whether an error means the session ended: any 401 except `invalid_credentials`,
 * which only says that a password just typed in (sign-in, re-authentication) was wrong,
 * and `two_factor_required`, the sign-in's turn to ask for a code.
 */
export function endsSession(error: unknown): boolean {
  return (
    isApiError(error) && error.status === 401 && error.code !== 'invalid_credentials' && error.code !== 'two_factor_required'
  );
}

/** The admin area's 403: this session has not proved a second factor. */
export function needsSecondFactor(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'second_factor_required';
}

/** Whether an error says the site password gate is shut for this browser (403 `site_locked`). */
export function isSiteLocked(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'site_locked';
}

export type CreateQueryClientOptions = {
  /** Called when a request answers 401 because the session ended (see `endsSession`). */
  onUnauthorized?: () => void;
  /** Called when a request answers 403 `site_locked` (e.g. the site password changed). */
  onSiteLocked?: () => void;
  /** Called when an admin request answers 403 `second_factor_required` (see `needsSecondFactor`). */
  onSecondFactorRequired?: () => void;
};

export function createQueryClient(options: CreateQueryClientOptions = {}): QueryClient {
  const handle = (error: unknown) => {
    if (endsSession(error)) options.onUnauthorized?.();
    if (isSiteLocked(error)) options.onSiteLocked?.();
    if (needsSecondFactor(error)) options.onSecondFactorRequired?.();
  };
  return new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
  });
}

export type ApiFnReturnType<FnType extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<FnType>>;

export type MutationConfig<MutationFnType extends (...args: never[]) => Promise<unknown>, TVariables = Parameters<MutationFnType>[0]> = Omit<
  UseMutationOptions<ApiFnReturnType<MutationFnType>, Error, TVariables>,
  'mutationFn'
>;
