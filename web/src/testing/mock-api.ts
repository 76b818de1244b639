import { vi } from 'vitest';
import { makeLimits } from './fixtures';

export type MockRequest = {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
};

export type MockReply =
  | { status?: number; json?: unknown; body?: BodyInit | null; headers?: Record<string, string> }
  | Response;

export type MockHandler = MockReply | ((req: MockRequest) => MockReply | Promise<MockReply>);

/** `GET /api/site-gate` of a site without a password. */
export function openGateState() {
  return { required: false, unlocked: true, failures: 0, max_failures: 3, locked_secs: 0 };
}

/**
 * Replaces `fetch` with a tiny router (`GET /api/limits` answers the server's limits, `GET /api/site-gate` an open site) over "METHOD /path" keys (query strings are
 * ignored for matching). Unknown routes answer 404 in the API's error shape.
 * Every request is recorded in `calls`.
 */
export function mockApi(initial: Record<string, MockHandler> = {}) {
  // Public and read by most screens; a test replaces it to check other limits or failures.
  const handlers = new Map<string, MockHandler>([
    ['GET /api/limits', { json: makeLimits() }],
    // The site has no password unless a test says otherwise.
    ['GET /api/site-gate', { json: openGateState() }],
    ...Object.entries(initial),
  ]);
  const calls: MockRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    let body: unknown = init.body ?? undefined;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep raw */
      }
    }
    const req: MockRequest = { method, path, url, headers, body, credentials: init.credentials };
    calls.push(req);
    const handler = handlers.get(`${method} ${path}`);
    if (!handler) {
      return new Response(JSON.stringify({ error: { code: 'not_found', title: 'Nicht gefunden', message: `${method} ${path}` } }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const reply = typeof handler === 'function' ? await handler(req) : handler;
    if (reply instanceof Response) return reply;
    const status = reply.status ?? 200;
    if (reply.json !== undefined) {
      return new Response(JSON.stringify(reply.json), {
        status,
        headers: { 'Content-Type': 'application/json', ...reply.headers },
      });
    }
    return new Response(reply.body ?? null, { status, headers: reply.headers });
  });

  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    calls,
    on(key: string, handler: MockHandler) {
      handlers.set(key, handler);
    },
    callsTo(key: string) {
      const [method, path] = key.split(' ');
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}

export function apiError(status: number, code: string, title: string, message: string, fields?: Record<string, string>) {
  return { status, json: { error: { code, title, message, ...(fields ? { fields } : {}) } } };
}

export const unauthenticated = () => apiError(401, 'unauthenticated', 'Nicht angemeldet', 'Bitte melden Sie sich an.');
