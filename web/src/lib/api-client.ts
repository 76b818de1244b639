/**
 * The one HTTP client of the web app. Every request goes to the same origin with the
 * session cookie; state-changing requests carry the CSRF header the API requires.
 * Errors are thrown as `ApiError`, parsed from the API's error shape
 * `{"error": {code, title, message, fields?}}`.
 */

import { formatWait } from './format';

export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_VALUE = 'stimmwerk';

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly fields: FieldErrors;
  /** Seconds from a `Retry-After` header (429), if any. */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    code: string;
    title: string;
    message: string;
    fields?: FieldErrors;
    retryAfter?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.fields = init.fields ?? {};
    this.retryAfter = init.retryAfter ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Generic German texts for responses that do not carry the error shape. */
const FALLBACK_BY_STATUS: Record<number, { code: string; title: string; message: string }> = {
  400: { code: 'bad_request', title: 'Ungültige Anfrage', message: 'Die Anfrage konnte nicht verarbeitet werden.' },
  401: { code: 'unauthenticated', title: 'Nicht angemeldet', message: 'Bitte melden Sie sich an.' },
  403: { code: 'forbidden', title: 'Keine Berechtigung', message: 'Für diese Aktion fehlt Ihnen die Berechtigung.' },
  404: { code: 'not_found', title: 'Nicht gefunden', message: 'Die angeforderte Ressource wurde nicht gefunden.' },
  409: { code: 'conflict', title: 'Konflikt', message: 'Die Aktion steht im Konflikt mit vorhandenen Daten.' },
  422: { code: 'validation', title: 'Ungültige Eingabe', message: 'Bitte prüfen Sie Ihre Eingaben.' },
  429: { code: 'rate_limited', title: 'Zu viele Anfragen', message: 'Bitte warten Sie einen Moment und versuchen Sie es erneut.' },
};

const GENERIC_SERVER_ERROR = {
  code: 'internal',
  title: 'Serverfehler',
  message: 'Auf dem Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * Builds an `ApiError` from a failed response's status, parsed body (or `undefined`
 * when it was not JSON) and `Retry-After` header. Missing parts fall back to generic
 * German texts for the status.
 */
export function parseApiError(status: number, body: unknown, retryAfterHeader: string | null = null): ApiError {
  const fallback = FALLBACK_BY_STATUS[status] ?? (status >= 500 ? GENERIC_SERVER_ERROR : {
    code: 'http_error',
    title: 'Fehler',
    message: `Die Anfrage ist fehlgeschlagen (HTTP ${status}).`,
  });
  const err = isRecord(body) && isRecord(body.error) ? body.error : null;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  const fields: FieldErrors = {};
  if (err && isRecord(err.fields)) {
    for (const [key, value] of Object.entries(err.fields)) {
      if (typeof value === 'string') fields[key] = value;
      else if (Array.isArray(value) && typeof value[0] === 'string') fields[key] = value[0];
    }
  }
  const retryAfter = parseRetryAfter(retryAfterHeader);
  const code = str(err?.code) ?? fallback.code;
  // A wait is said in words people use ("etwa 15 Minuten"), not as "873 Sekunden".
  const message =
    code === 'rate_limited' && retryAfter !== null
      ? `Bitte warten Sie ${formatWait(retryAfter)} und versuchen Sie es dann erneut.`
      : (str(err?.message) ?? fallback.message);
  return new ApiError({
    status,
    code,
    title: str(err?.title) ?? fallback.title,
    message,
    fields,
    retryAfter,
  });
}

export function networkError(cause?: unknown): ApiError {
  const error = new ApiError({
    status: 0,
    code: 'network',
    title: 'Verbindungsfehler',
    message: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.',
  });
  if (cause !== undefined) (error as Error & { cause?: unknown }).cause = cause;
  return error;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The browser cache's part (`no-cache`: ask the server again, e.g. for audio that changed under the same address). */
  cache?: RequestCache;
  /** A file body (Blob) is sent as it is, with this type (default: the file's own). */
  contentType?: string;
};

async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  if (method !== 'GET') headers[CSRF_HEADER] = CSRF_VALUE;
  let body: string | FormData | Blob | undefined;
  if (options.body instanceof FormData) {
    // Multipart: the browser sets Content-Type with its boundary itself.
    body = options.body;
  } else if (options.body instanceof Blob) {
    // A raw file (e.g. a PLS lexicon): its bytes as they are, with the type the API expects.
    headers['Content-Type'] = options.contentType ?? (options.body.type || 'application/octet-stream');
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, credentials: 'same-origin', signal: options.signal, ...(options.cache ? { cache: options.cache } : {}) });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError(cause);
  }
  if (!response.ok) {
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = undefined;
    }
    throw parseApiError(response.status, parsed, response.headers.get('Retry-After'));
  }
  return response;
}

/** Sends a JSON request and returns the parsed JSON answer (`undefined` for 204). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw Object.assign(
      new ApiError({
        status: response.status,
        code: 'invalid_response',
        title: 'Ungültige Serverantwort',
        message: 'Die Antwort des Servers konnte nicht gelesen werden.',
      }),
      { cause },
    );
  }
}

/** A binary answer with its headers (e.g. `X-Demo-Remaining` next to an MP3). */
export type BlobResponse = { blob: Blob; headers: Headers };

/**
 * Sends a request (optionally with a JSON body) whose successful answer is binary,
 * e.g. `POST /api/demo/speech` → `audio/mpeg`. Errors are still read as JSON.
 */
export async function apiBlobRequest(path: string, options: RequestOptions = {}): Promise<BlobResponse> {
  const response = await send(path, options, '*/*');
  return { blob: await response.blob(), headers: response.headers };
}

/** Fetches binary content (e.g. an audio file) with the session cookie. */
export async function apiBlob(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<Blob> {
  return (await apiBlobRequest(path, options)).blob;
}

/**
 * A request as a program with an API key sends it: no cookies, no CSRF header, and every
 * answer returned as it is (errors too), for the docs page's "Ausprobieren".
 */
export function programRequest(path: string, { method, apiKey, body }: { method: string; apiKey: string; body?: string }): Promise<Response> {
  return fetch(path, {
    method,
    credentials: 'omit',
    headers: { Authorization: `Bearer ${apiKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body,
  });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  blob: apiBlob,
  /** POST of a multipart form (file uploads) with a JSON answer. */
  postForm: <T>(path: string, form: FormData, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: form }),
  /** POST of a raw file (its bytes as the body, with `contentType`) with a JSON answer. */
  postFile: <T>(path: string, file: Blob, contentType: string, options?: Omit<RequestOptions, 'method' | 'body' | 'contentType'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: file, contentType }),
  /** PUT of a multipart form (a file that replaces the one before) with a JSON answer. */
  putForm: <T>(path: string, form: FormData, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: form }),
  /** POST with a JSON body and a binary answer (blob plus response headers). */
  postBlob: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiBlobRequest(path, { ...options, method: 'POST', body }),
};
