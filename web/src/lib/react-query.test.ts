import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { endsSession, queryConfig, shouldRetryMutation, shouldRetryQuery, STALE_TIME_MS } from './react-query';

const err = (status: number, code = 'x') => new ApiError({ status, code, title: 't', message: 'm' });

describe('query defaults', () => {
  it('keeps data fresh for five minutes', () => {
    expect(STALE_TIME_MS).toBe(300_000);
    expect(queryConfig.queries.staleTime).toBe(300_000);
  });

  it('retries reads up to three times on server and network errors', () => {
    expect(shouldRetryQuery(0, err(500))).toBe(true);
    expect(shouldRetryQuery(2, err(503))).toBe(true);
    expect(shouldRetryQuery(3, err(503))).toBe(false);
    expect(shouldRetryQuery(0, err(0))).toBe(true);
  });

  it('retries writes up to two times', () => {
    expect(shouldRetryMutation(1, err(500))).toBe(true);
    expect(shouldRetryMutation(2, err(500))).toBe(false);
  });

  it('never retries 401 or 403 (nor other client errors)', () => {
    for (const status of [401, 403, 402, 404, 422, 429]) {
      expect(shouldRetryQuery(0, err(status))).toBe(false);
      expect(shouldRetryMutation(0, err(status))).toBe(false);
    }
  });
});

describe('session end', () => {
  it('ends the session on a 401, but not on a wrong password', () => {
    expect(endsSession(err(401, 'unauthenticated'))).toBe(true);
    expect(endsSession(err(401, 'invalid_credentials'))).toBe(false);
    expect(endsSession(err(403, 'reauth_required'))).toBe(false);
    expect(endsSession(new Error('x'))).toBe(false);
  });
});
