import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeJob, makeUser, voicesFixture } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

const key = { id: 'k-1', name: 'Produktion', prefix: 'sw_3f9a1c2b7', created_at: '2026-11-20T10:00:00Z', last_used_at: null, revoked_at: null };
const stats = {
  audios: 5, active_audios: 5, completed_audios: 5, api_requests: 3, api_requests_today: 2, clone_audios: 0, cost_cent: 40,
  balance_cent: 900, categories: 0, tags: 0,
  daily: [{ day: '2026-11-24', characters: 120, cost_cent: 12, api_requests: 2 }],
};

function setup(path: string, extra: Record<string, MockHandler> = {}) {
  const api = mockApi({
    'GET /api/me': { json: makeUser() },
    'GET /api/api-keys': { json: [key] },
    'GET /api/webhook': { json: null },
    'GET /api/webhook/deliveries': { json: [] },
    'GET /api/voices': { json: voicesFixture },
    'GET /api/library/stats': { json: stats },
    'GET /api/jobs': { json: { jobs: [makeJob({ id: 'j', text: 'Aus der API', source: 'api' })], next_cursor: null, total: 1 } },
    ...extra,
  });
  return { api, ...renderApp(path) };
}

describe('API Settings', () => {
  it('shows a new key once, copies it with the toast "API Key kopiert", and revokes only after asking', async () => {
    const { api, user } = setup('/dashboard/api/settings', {
      'POST /api/api-keys': { status: 201, json: { key: { ...key, id: 'k-2', name: 'CMS' }, secret: 'sw_geheim123' } },
      'DELETE /api/api-keys/k-1': { status: 204, body: null },
    });
    expect(await screen.findByTestId('key-prefix')).toHaveTextContent('sw_3f9a1c2b7…');
    await user.click(screen.getByTestId('key-create'));
    expect(await screen.findByText('Bitte geben Sie dem Schlüssel einen Namen.')).toBeInTheDocument();
    await user.type(screen.getByTestId('key-name'), 'CMS');
    await user.click(screen.getByTestId('key-create'));
    const dialog = await screen.findByRole('dialog', { name: 'Ihr neuer API-Schlüssel' });
    expect(within(dialog).getByTestId('created-secret')).toHaveTextContent('sw_geheim123');
    expect(api.callsTo('POST /api/api-keys')[0].body).toEqual({ name: 'CMS' });
    await user.click(within(dialog).getByTestId('copy-secret'));
    expect(await navigator.clipboard.readText()).toBe('sw_geheim123');
    expect(await screen.findByText('API Key kopiert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fertig' }));

    await user.click(screen.getByTestId('key-revoke'));
    const confirm = await screen.findByRole('dialog', { name: /Produktion.*widerrufen/ });
    expect(api.callsTo('DELETE /api/api-keys/k-1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Widerrufen' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/api-keys/k-1')).toHaveLength(1));
  });

  it('sets up a webhook (secret shown once) and shows the server reason for a refused address', async () => {
    let saved = false;
    const { api, user } = setup('/dashboard/api/settings', {
      'GET /api/webhook': () => ({ json: saved ? { url: 'https://example.com/hook', created_at: '2026-11-24T10:00:00Z', updated_at: '2026-11-24T10:00:00Z' } : null }),
      'PUT /api/webhook': (req) => {
        if ((req.body as { url: string }).url.includes('127.0.0.1')) {
          return apiError(422, 'validation', 'Ungültige Eingabe', 'intern', { url: 'Diese Adresse zeigt auf ein internes oder privates Netz.' });
        }
        saved = true;
        return { json: { endpoint: { url: 'https://example.com/hook', created_at: '', updated_at: '' }, secret: 'whsec_abc' } };
      },
    });
    const field = await screen.findByTestId('webhook-url');
    await user.type(field, 'http://127.0.0.1/hook');
    await user.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByText('Diese Adresse zeigt auf ein internes oder privates Netz.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'https://example.com/hook');
    await user.click(screen.getByTestId('webhook-save'));
    const dialog = await screen.findByRole('dialog', { name: 'Ihr Webhook-Geheimnis' });
    expect(within(dialog).getByTestId('created-secret')).toHaveTextContent('whsec_abc');
    expect(api.callsTo('PUT /api/webhook').at(-1)!.body).toEqual({ url: 'https://example.com/hook' });
  });
});

describe('API pages', () => {
  it('the dashboard counts requests today and in all, charts them, lists the API jobs', async () => {
    const { api } = setup('/dashboard/api');
    await waitFor(() => expect(screen.getByTestId('api-stat-today')).toHaveTextContent('2'));
    expect(screen.getByTestId('api-stat-total')).toHaveTextContent('3');
    expect(screen.getByTestId('api-stat-keys')).toHaveTextContent('1');
    expect(await screen.findByTestId('api-job')).toHaveTextContent('Aus der API');
    expect(new URL(api.callsTo('GET /api/jobs')[0].url, 'http://x').searchParams.get('source')).toBe('api');
    expect(screen.getByTestId('daily-chart')).toHaveTextContent('2 API-Anfragen');
  });

  it('the scripts carry the key prefix and a real voice', async () => {
    const { user } = setup('/dashboard/api/scripts');
    await waitFor(() => expect(screen.getByTestId('script-code')).toHaveTextContent('sw_3f9a1c2b7…'));
    expect(screen.getByTestId('script-code')).toHaveTextContent(voicesFixture.voices[0].key!);
    await user.click(screen.getByRole('tab', { name: 'Python (openai)' }));
    expect(screen.getByTestId('script-code')).toHaveTextContent('base_url=');
  });

  it('the docs render the served document and offer "Ausprobieren" for key routes', async () => {
    const document = {
      info: { title: 'Stimmwerk API', version: '1' },
      paths: {
        '/v1/audio/speech': { post: { tags: ['openai'], summary: 'Sprache', security: [{ api_key: [] }], responses: { '200': { description: 'Audio' } } } },
        '/api/me': { get: { tags: ['auth'], summary: 'Ich' } },
      },
    };
    const { user } = setup('/dashboard/api/docs', { 'GET /api/openapi.json': { json: document } });
    const operation = await screen.findByText('/v1/audio/speech');
    expect(screen.queryByText('/api/me')).not.toBeInTheDocument();
    await user.click(operation);
    expect(screen.getByTestId('try-it-send')).toBeDisabled();
    await user.click(screen.getByLabelText('Auch die Routen der Web-App zeigen'));
    expect(await screen.findByText('/api/me')).toBeInTheDocument();
  });

  it('the docs explain both error shapes and every answer of an operation in German, with the descriptions rendered', async () => {
    const house = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
    const openai = { content: { 'application/json': { schema: { $ref: '#/components/schemas/OpenAiErrorBody' } } } };
    const key = [{ api_key: [] }];
    const document = {
      info: { title: 'Stimmwerk API', version: '1' },
      tags: [{ name: 'v1', description: 'Entwickler-API: **Aufträge**' }],
      paths: {
        '/v1/audio/speech': {
          post: { tags: ['openai'], summary: 'Speech in one request.', security: key, responses: { '200': { description: 'Audio', content: { 'audio/mpeg': {} } }, '400': openai, '402': openai } },
        },
        '/v1/jobs': {
          post: {
            tags: ['v1'],
            summary: 'Queues the job; poll `GET /v1/jobs/{id}`:\n\n- until **completed**\n- or use a webhook',
            security: key,
            parameters: [{ name: 'Idempotency-Key', in: 'header', description: 'Höchstens 255 Zeichen' }],
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/V1NewJob' } } } },
            responses: {
              '201': { description: '', content: { 'application/json': { schema: { $ref: '#/components/schemas/Created' } } } },
              '200': { description: 'Wiederholung mit demselben `Idempotency-Key`' },
              '401': house, '402': house, '409': house, '422': house, '429': house,
            },
          },
        },
        '/v1/jobs/{id}/audio': { get: { tags: ['v1'], security: key, responses: { '302': { description: 'Weiterleitung' }, '410': house, '503': house } } },
      },
      components: {
        schemas: {
          ErrorBody: { type: 'object', properties: { error: { $ref: '#/components/schemas/ErrorDetail' } } },
          ErrorDetail: { type: 'object', properties: { code: { type: 'string' }, title: { type: 'string' }, message: { type: 'string' }, fields: { type: 'object' } } },
          OpenAiErrorBody: { type: 'object', properties: { error: { $ref: '#/components/schemas/OpenAiErrorDetail' } } },
          OpenAiErrorDetail: { type: 'object', properties: { message: { type: 'string' }, type: { type: 'string' }, param: { type: ['string', 'null'] }, code: { type: 'string' } } },
          V1NewJob: { type: 'object', properties: { text: { type: 'string', description: '1 - 5000 characters.' } } },
          Created: { type: 'object' },
        },
      },
    };
    const { user } = setup('/dashboard/api/docs', { 'GET /api/openapi.json': { json: document } });

    // Both error shapes, each with the routes the document gives it and an example.
    const errors = await screen.findByRole('region', { name: 'Fehlerantworten' });
    const openaiPart = within(errors).getByRole('region', { name: 'OpenAI-Form' });
    const housePart = within(errors).getByRole('region', { name: 'Stimmwerk-Form' });
    expect(within(openaiPart).getByTestId('error-shape-routes').textContent).toBe('POST /v1/audio/speech');
    expect(within(housePart).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['POST /v1/jobs', 'GET /v1/jobs/{id}/audio']);
    expect(JSON.parse(within(openaiPart).getByTestId('error-example-openai').textContent!).error).toMatchObject({ type: 'invalid_request_error', param: 'voice' });
    expect(JSON.parse(within(housePart).getByTestId('error-example-stimmwerk').textContent!).error).toMatchObject({ code: 'validation', fields: { voice: expect.any(String) } });
    expect(within(errors).getByRole('figure', { name: /Beispiel: 400 \(Ungültige Anfrage\) auf POST \/v1\/audio\/speech/ })).toBeInTheDocument();

    // The tag's description is Markdown too.
    expect(screen.getByText('Aufträge').tagName).toBe('STRONG');

    await user.click(screen.getByText('/v1/jobs'));
    const operation = screen.getByText('/v1/jobs').closest('details')!;
    const answers = within(operation).getByRole('table', { name: 'Antworten von POST /v1/jobs' });
    const rows = within(answers).getAllByTestId('response-row').map((row) => [row.dataset.status, within(row).getAllByRole('cell')[0].textContent]);
    expect(rows).toEqual([
      ['200', 'Erfolg'],
      ['201', 'Angelegt'],
      ['401', 'API-Schlüssel fehlt oder ist ungültig'],
      ['402', 'Guthaben reicht nicht'],
      ['409', expect.stringMatching(/^Konflikt/)],
      ['422', 'Eingabe ungültig'],
      ['429', 'Zu viele Anfragen (Retry-After beachten)'],
    ]);
    const invalid = within(answers).getAllByTestId('response-row').find((r) => r.dataset.status === '422')!;
    expect(within(invalid).getByRole('link', { name: 'Stimmwerk-Form' })).toHaveAttribute('href', '#fehler-stimmwerk');
    const replay = within(answers).getAllByTestId('response-row').find((r) => r.dataset.status === '200')!;
    expect(within(replay).getByText('Idempotency-Key').tagName).toBe('CODE');
    // The operation's text (in the closed line and in full when open): bold text and a list, not asterisks.
    expect(within(operation).getAllByText('completed').map((e) => e.tagName)).toEqual(['STRONG', 'STRONG']);
    expect(operation).not.toHaveTextContent('**');
    expect(within(operation).getByText('or use a webhook').tagName).toBe('LI');
    expect(within(operation).getByRole('table', { name: 'Parameter von POST /v1/jobs' })).toHaveTextContent('Kopfzeile');
    expect(within(operation).getByRole('table', { name: 'Felder des JSON-Inhalts von POST /v1/jobs' })).toHaveTextContent('1 - 5000 characters.');

    await user.click(screen.getByText('/v1/jobs/{id}/audio'));
    const audio = within(screen.getByRole('table', { name: 'Antworten von GET /v1/jobs/{id}/audio' })).getAllByTestId('response-row');
    expect(audio.map((row) => row.dataset.status)).toEqual(['302', '410', '503']);
    expect(audio.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      expect.stringMatching(/^Weiterleitung/),
      'Nicht mehr vorhanden (abgelaufen)',
      'Vorübergehend nicht verfügbar',
    ]);
  });
});
