import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { ApiError, api, parseApiError } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parseApiError', () => {
  it('reads code, title, message and fields from the error shape', () => {
    const error = parseApiError(422, {
      error: {
        code: 'validation',
        title: 'Registrierung fehlgeschlagen',
        message: 'Bitte prüfen Sie Ihre Eingaben.',
        fields: { password: 'Das Passwort muss mindestens 8 Zeichen lang sein.' },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(422);
    expect(error.code).toBe('validation');
    expect(error.title).toBe('Registrierung fehlgeschlagen');
    expect(error.message).toBe('Bitte prüfen Sie Ihre Eingaben.');
    expect(error.fields).toEqual({ password: 'Das Passwort muss mindestens 8 Zeichen lang sein.' });
  });

  it('reads the insufficient balance error', () => {
    const error = parseApiError(402, {
      error: {
        code: 'insufficient_balance',
        title: 'Unzureichendes Guthaben',
        message: 'Sie benötigen 12 Cent für diese Konvertierung. Ihr aktuelles Guthaben: 3 Cent.',
      },
    });
    expect(error.code).toBe('insufficient_balance');
    expect(error.fields).toEqual({});
  });

  it('falls back to German texts when the body has no error shape', () => {
    const server = parseApiError(502, undefined);
    expect(server.code).toBe('internal');
    expect(server.title).toBe('Serverfehler');
    expect(server.message).toMatch(/Fehler/);

    const notFound = parseApiError(404, { something: 'else' });
    expect(notFound.code).toBe('not_found');
    expect(notFound.title).toBe('Nicht gefunden');

    const teapot = parseApiError(418, 'text');
    expect(teapot.code).toBe('http_error');
    expect(teapot.message).toContain('418');
  });

  it('fills missing parts of a partial error', () => {
    const error = parseApiError(403, { error: { code: 'csrf' } });
    expect(error.code).toBe('csrf');
    expect(error.title).toBe('Keine Berechtigung');
    expect(error.message).toBe('Für diese Aktion fehlt Ihnen die Berechtigung.');
  });

  it('ignores malformed fields and reads Retry-After', () => {
    const error = parseApiError(
      429,
      { error: { code: 'rate_limited', title: 'Zu viele Versuche', message: 'Warten', fields: { email: 3, name: ['Pflicht'] } } },
      '30',
    );
    expect(error.fields).toEqual({ name: 'Pflicht' });
    expect(error.retryAfter).toBe(30);
  });

  it('says a rate-limit wait in minutes, not in seconds', () => {
    const body = { error: { code: 'rate_limited', title: 'Zu viele Versuche', message: 'Zu viele Versuche. Bitte warten Sie 873 Sekunden.' } };
    expect(parseApiError(429, body, '873').message).toBe('Bitte warten Sie etwa 15 Minuten und versuchen Sie es dann erneut.');
    expect(parseApiError(429, body, '45').message).toBe('Bitte warten Sie 45 Sekunden und versuchen Sie es dann erneut.');
    // Without Retry-After the server's message stays; other 429 codes keep theirs too.
    expect(parseApiError(429, body).message).toBe('Zu viele Versuche. Bitte warten Sie 873 Sekunden.');
    const demo = { error: { code: 'demo_limit', title: 'Demo-Limit erreicht', message: 'Sie haben bereits 3 Tests verwendet.' } };
    expect(parseApiError(429, demo, '3600').message).toBe('Sie haben bereits 3 Tests verwendet.');
  });
});

describe('api client requests', () => {
  it('sends GET with same-origin credentials and without the CSRF header', async () => {
    const mock = mockApi({ 'GET /api/me': { json: { id: 'u-1' } } });
    await expect(api.get('/api/me')).resolves.toEqual({ id: 'u-1' });
    const [call] = mock.calls;
    expect(call.credentials).toBe('same-origin');
    expect(call.headers['x-requested-with']).toBeUndefined();
    expect(call.headers['content-type']).toBeUndefined();
  });

  it('sends the CSRF header and JSON on every non-GET request', async () => {
    const mock = mockApi({
      'POST /api/jobs': { status: 201, json: { ok: true } },
      'DELETE /api/jobs/1': { status: 204 },
      'POST /api/auth/logout': { status: 204 },
    });
    await api.post('/api/jobs', { text: 'Hallo', voice_id: 'v' });
    await expect(api.delete('/api/jobs/1')).resolves.toBeUndefined();
    await api.post('/api/auth/logout');
    for (const call of mock.calls) {
      expect(call.headers['x-requested-with']).toBe('stimmwerk');
      expect(call.credentials).toBe('same-origin');
    }
    expect(mock.calls[0].headers['content-type']).toBe('application/json');
    expect(mock.calls[0].body).toEqual({ text: 'Hallo', voice_id: 'v' });
  });

  it('posts a multipart form as it is, with the CSRF header and without a JSON content type', async () => {
    const mock = mockApi({ 'POST /api/upload': { status: 201, json: { id: 's-1' } } });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'audio/webm' }), 'a.webm');
    await expect(api.postForm('/api/upload', form)).resolves.toEqual({ id: 's-1' });
    const [call] = mock.calls;
    expect(call.body).toBe(form);
    expect(call.headers['x-requested-with']).toBe('stimmwerk');
    expect(call.headers['content-type']).toBeUndefined();
  });

  it('throws an ApiError parsed from the error response', async () => {
    mockApi({
      'POST /api/auth/signup': {
        status: 422,
        json: {
          error: {
            code: 'validation',
            title: 'Ungültige Eingabe',
            message: 'Bitte prüfen Sie Ihre Eingaben.',
            fields: { email: 'Diese E-Mail-Adresse ist ungültig.' },
          },
        },
      },
    });
    const error = await api.post('/api/auth/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation', fields: { email: 'Diese E-Mail-Adresse ist ungültig.' } });
  });

  it('throws an ApiError for a non-JSON error body', async () => {
    mockApi({ 'GET /api/jobs': { status: 500, body: '<html>Bad Gateway</html>' } });
    await expect(api.get('/api/jobs')).rejects.toMatchObject({ status: 500, code: 'internal', title: 'Serverfehler' });
  });

  it('posts JSON and returns a binary answer with its headers', async () => {
    const mock = mockApi({
      'POST /api/demo/speech': {
        body: new Uint8Array([0x49, 0x44, 0x33, 0x04]),
        headers: { 'Content-Type': 'audio/mpeg', 'X-Demo-Remaining': '2' },
      },
    });
    const { blob, headers } = await api.postBlob('/api/demo/speech', { text: 'Hallo', voice_id: 'v' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x49, 0x44, 0x33, 0x04]));
    expect(headers.get('X-Demo-Remaining')).toBe('2');
    const [call] = mock.calls;
    expect(call.headers['x-requested-with']).toBe('stimmwerk');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.body).toEqual({ text: 'Hallo', voice_id: 'v' });
  });

  it('reads the JSON error of a binary request', async () => {
    mockApi({
      'POST /api/demo/speech': {
        status: 429,
        json: { error: { code: 'demo_limit', title: 'Demo-Limit erreicht', message: 'Sie haben bereits 3 Tests verwendet.' } },
      },
    });
    await expect(api.postBlob('/api/demo/speech', {})).rejects.toMatchObject({
      status: 429,
      code: 'demo_limit',
      title: 'Demo-Limit erreicht',
    });
  });

  it('turns a network failure into a German ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/api/me')).rejects.toMatchObject({ status: 0, code: 'network', title: 'Verbindungsfehler' });
  });
});
