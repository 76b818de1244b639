import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeJob, makeUser, voicesFixture } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler } from '@/testing/mock-api';
import { renderApp, chooseOption } from '@/testing/test-utils';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

let balance = 100;

function setup(extra: Record<string, MockHandler> = {}) {
  balance = 100;
  const api = mockApi({
    'GET /api/me': () => ({ json: makeUser({ balance_cent: balance }) }),
    'GET /api/voices': { json: voicesFixture },
    'GET /api/categories': { json: [] },
    ...extra,
  });
  return { api, ...renderApp('/dashboard/tts') };
}

describe('TTS screen: audio library features', () => {
  it('pages through all jobs with "Mehr laden"', async () => {
    const { api, user } = setup({
      'GET /api/jobs': (req) =>
        new URL(req.url, 'http://x').searchParams.get('cursor') === 'c1'
          ? { json: { jobs: [makeJob({ id: 'j-2', text: 'Zweite Seite' })], next_cursor: null, total: 2 } }
          : { json: { jobs: [makeJob({ id: 'j-1', text: 'Erste Seite' })], next_cursor: 'c1', total: 2 } },
    });
    expect(await screen.findByText('Erste Seite')).toBeInTheDocument();
    await user.click(screen.getByTestId('jobs-load-more'));
    expect(await screen.findByText('Zweite Seite')).toBeInTheDocument();
    expect(screen.queryByTestId('jobs-load-more')).not.toBeInTheDocument();
    const urls = api.callsTo('GET /api/jobs').map((c) => c.url);
    expect(urls.some((u) => u.includes('cursor=c1'))).toBe(true);
  });

  it('shows the countdown, saved and expired states, and a far end as its date', async () => {
    const expires = new Date(Date.now() + 3 * 3600_000 + 5000).toISOString();
    const later = new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
    setup({
      'GET /api/jobs': {
        json: {
          jobs: [
            makeJob({ id: 'a', expires_at: expires }),
            makeJob({ id: 'b', saved_at: '2026-11-20T10:00:00Z', expires_at: null }),
            makeJob({ id: 'c', is_expired: true, audio_url: null }),
            makeJob({ id: 'd', expires_at: later }),
          ],
          total: 4,
        },
      },
    });
    const rows = await screen.findAllByTestId('job-row');
    expect(within(rows[0]).getByTestId('job-expiry').textContent).toMatch(/Läuft ab in 03:00:0\d/);
    expect(within(rows[1]).getByTestId('job-expiry')).toHaveTextContent('Dauerhaft gespeichert');
    expect(within(rows[2]).getByTestId('job-expiry')).toHaveTextContent('Abgelaufen');
    expect(within(rows[3]).getByTestId('job-expiry').textContent).toMatch(/^Läuft am \d\d\.\d\d\.\d{4} um \d\d:\d\d ab$/);
    expect(within(rows[3]).getByTestId('job-save')).toBeInTheDocument();
    expect(within(rows[2]).getByTestId('job-play')).toBeDisabled();
    expect(within(rows[1]).queryByTestId('job-save')).not.toBeInTheDocument();
  });

  it('saves permanently and shows the 402 message in the dialog', async () => {
    let fail = true;
    const { api, user } = setup({
      'GET /api/jobs': { json: { jobs: [makeJob({ id: 'a', expires_at: new Date(Date.now() + 3600_000).toISOString() })], total: 1 } },
      'POST /api/library/audios/a/save': () =>
        fail
          ? apiError(402, 'insufficient_balance', 'Unzureichendes Guthaben', 'Ihr Guthaben reicht nicht für die Speicherung (0,25 €).')
          : ((balance = 75), { json: { balance_cent: 75 } }),
    });
    await user.click(await screen.findByTestId('job-save'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('0,25 €');
    await chooseOption(user, 'Verwendungszweck', 'Podcast');
    await user.click(within(dialog).getByTestId('save-job-confirm'));
    expect(await within(dialog).findByText('Ihr Guthaben reicht nicht für die Speicherung (0,25 €).')).toBeInTheDocument();
    expect(api.callsTo('POST /api/library/audios/a/save')[0].body).toEqual({ category: 'podcast' });
    fail = false;
    await user.click(within(dialog).getByTestId('save-job-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('balance-badge')).toHaveTextContent('0,75 €');
    // No library category chosen: nothing is filed.
    expect(api.callsTo('POST /api/library/categories')).toHaveLength(0);
  });

  const podcast = { id: 'cat-1', name: 'Kundenprojekte', parent_id: null, editable: true, is_global: false, audio_count: 0 };
  const intro = { id: 'cat-2', name: 'Intros', parent_id: 'cat-1', editable: true, is_global: false, audio_count: 0 };
  const saveSetup = (filed: MockHandler) =>
    setup({
      'GET /api/categories': { json: [podcast, intro] },
      'GET /api/jobs': { json: { jobs: [makeJob({ id: 'a', expires_at: new Date(Date.now() + 3600_000).toISOString() })], total: 1 } },
      'POST /api/library/audios/a/save': { json: { balance_cent: 75 } },
      'POST /api/library/categories': filed,
    });

  it('keeps the purpose apart from the library category, and files the saved audio under the chosen one', async () => {
    const { api, user } = saveSetup({ json: { category_id: 'cat-2' } });
    await user.click(await screen.findByTestId('job-save'));
    const dialog = await screen.findByRole('dialog', { name: 'Dauerhaft speichern' });
    // Two fields, two meanings: the fixed purposes and the user's own category tree.
    expect(within(dialog).getByLabelText('Verwendungszweck')).toHaveTextContent('Audio');
    expect(within(dialog).getByLabelText('Kategorie in der Knowledge Base (optional)')).toHaveTextContent('Keine Kategorie');
    await user.click(within(dialog).getByLabelText('Kategorie in der Knowledge Base (optional)'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Keine Kategorie', 'Kundenprojekte', '– Intros']);
    await user.click(screen.getByRole('option', { name: '– Intros' }));
    await chooseOption(user, 'Verwendungszweck', 'Voiceover');
    await user.click(within(dialog).getByTestId('save-job-confirm'));
    await waitFor(() => expect(api.callsTo('POST /api/library/categories')).toHaveLength(1));
    expect(api.callsTo('POST /api/library/audios/a/save')[0].body).toEqual({ category: 'voiceover' });
    expect(api.callsTo('POST /api/library/categories')[0].body).toEqual({ ids: ['a'], category_id: 'cat-2' });
    expect(await screen.findByText('Audio dauerhaft gespeichert')).toBeInTheDocument();
    expect(screen.queryByText('Kategorien konnten nicht zugeordnet werden.')).not.toBeInTheDocument();
  });

  it("says in the spec's words, with the server's reason, when the category could not be assigned", async () => {
    const { api, user } = saveSetup(apiError(404, 'not_found', 'Nicht gefunden', 'Die Kategorie gibt es nicht mehr.'));
    await user.click(await screen.findByTestId('job-save'));
    const dialog = await screen.findByRole('dialog', { name: 'Dauerhaft speichern' });
    await chooseOption(user, 'Kategorie in der Knowledge Base (optional)', 'Kundenprojekte');
    await user.click(within(dialog).getByTestId('save-job-confirm'));
    expect(await screen.findByText('Kategorien konnten nicht zugeordnet werden.')).toBeInTheDocument();
    expect(screen.getByText('Die Kategorie gibt es nicht mehr.')).toBeInTheDocument();
    // The save itself went through (and was paid): the dialog is closed.
    expect(api.callsTo('POST /api/library/audios/a/save')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
