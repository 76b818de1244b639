import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeJob, makeUser } from '@/testing/fixtures';
import { mockApi, type MockHandler } from '@/testing/mock-api';
import { chooseOption, renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

const daily = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-10-${String(i + 1).padStart(2, '0')}`,
  characters: i === 29 ? 1200 : 0,
  cost_cent: i === 29 ? 120 : 0,
  api_requests: 0,
}));
const stats = {
  audios: 12, active_audios: 10, completed_audios: 9, api_requests: 4, api_requests_today: 1, clone_audios: 0,
  cost_cent: 12345, balance_cent: 500, categories: 3, tags: 5, daily,
};

function setup(extra: Record<string, MockHandler> = {}) {
  const api = mockApi({
    'GET /api/me': { json: makeUser() },
    'GET /api/library/stats': { json: stats },
    'GET /api/jobs': { json: { jobs: [makeJob({ id: 'a', text: 'Erstes Audio' }), makeJob({ id: 'b', text: 'Zweites Audio', source: 'api' })], next_cursor: null, total: 2 } },
    ...extra,
  });
  return { api, ...renderApp('/dashboard') };
}

const lastJobsQuery = (api: ReturnType<typeof mockApi>) => new URL(api.callsTo('GET /api/jobs').at(-1)!.url, 'http://x').searchParams;

describe('Dashboard', () => {
  it('shows placeholders, not zeros, while the figures load on a slow link', async () => {
    let release: () => void = () => undefined;
    setup({ 'GET /api/library/stats': () => new Promise<void>((resolve) => (release = resolve)).then(() => ({ json: stats })) });
    const figures = await screen.findByRole('region', { name: 'Kennzahlen' });
    expect(figures).toHaveAttribute('aria-busy', 'true');
    expect(within(figures).getByRole('status')).toHaveTextContent('Kennzahlen werden geladen…');
    expect(within(figures).queryByText('0,00 €')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dash-stat-balance')).not.toBeInTheDocument();
    release();
    expect(await screen.findByTestId('dash-stat-balance')).toHaveTextContent('5,00 €');
    expect(figures).not.toHaveAttribute('aria-busy');
  });

  it('shows the four figures, the 30-day chart with a text alternative and the audios', async () => {
    setup();
    await waitFor(() => expect(screen.getByTestId('dash-stat-api')).toHaveTextContent('4'));
    expect(screen.getByText('heute: 1')).toBeInTheDocument();
    expect(screen.getByTestId('dash-stat-cost')).toHaveTextContent('123,45 €');
    expect(screen.getByTestId('dash-stat-audios')).toHaveTextContent('12');
    expect(screen.getByTestId('dash-stat-balance')).toHaveTextContent('5,00 €');
    const chart = screen.getByTestId('daily-chart');
    expect(chart).toHaveTextContent('1.200 Zeichen, 1,20 € Kosten');
    expect(within(chart).getAllByRole('row')).toHaveLength(31);
    expect(await screen.findByTestId('dash-audios-title')).toHaveTextContent('Generierte Audios (2)');
    expect(screen.getAllByTestId('dash-audio')).toHaveLength(2);
  });

  it('filters on the server: category clone, api or manual; speaker; date', async () => {
    const { api, user } = setup();
    await screen.findAllByTestId('dash-audio');
    await chooseOption(user, 'Kategorie', 'Klon');
    await waitFor(() => expect(lastJobsQuery(api).get('voice_type')).toBe('clone'));
    await chooseOption(user, 'Kategorie', 'API');
    await waitFor(() => expect(lastJobsQuery(api).get('source')).toBe('api'));
    expect(lastJobsQuery(api).get('voice_type')).toBeNull();
    await chooseOption(user, 'Kategorie', 'Manuell');
    await waitFor(() => expect(lastJobsQuery(api).get('source')).toBe('manual'));
    await user.type(screen.getByLabelText('Sprecher suchen'), 'Klara');
    await waitFor(() => expect(lastJobsQuery(api).get('speaker')).toBe('Klara'));
    await user.type(screen.getByTestId('dash-date'), '2026-11-20');
    await waitFor(() => expect(lastJobsQuery(api).get('date')).toBe('2026-11-20'));
  });

  it('says so when nothing matches', async () => {
    setup({ 'GET /api/jobs': { json: { jobs: [], next_cursor: null, total: 0 } } });
    expect(await screen.findByTestId('dash-empty')).toHaveTextContent('Keine Audios gefunden');
  });

  it('deletes an audio for good only after the confirmation', async () => {
    const { api, user } = setup({ 'DELETE /api/jobs/a': { status: 204, body: null } });
    const [first] = await screen.findAllByTestId('dash-delete');
    await user.click(first);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Erstes Audio');
    expect(api.callsTo('DELETE /api/jobs/a')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/jobs/a')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
