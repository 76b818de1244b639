import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler, type MockRequest } from '@/testing/mock-api';
import { chooseOption, renderApp } from '@/testing/test-utils';
import type { CloneList, CloneVoice } from '../api/types';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function voice(overrides: Partial<CloneVoice> & Pick<CloneVoice, 'id' | 'name'>): CloneVoice {
  return {
    language: 'de-DE', status: 'completed', engine: 'local', approximation: true, cloned_from: 'Meine eigene Stimme',
    training_progress: 100, current_training_step: 3, total_training_steps: 3, stuck: false, tags: ['podcast'], times_used: 4,
    last_used_at: '2026-11-20T08:00:00Z', created_at: '2026-11-01T09:00:00Z', is_global: false, own: true, sample_count: 2,
    consent_given: true, teleprompter_text_size: 16, teleprompter_scroll_speed: 50,
    ...overrides,
  };
}

const ready = voice({ id: 'v-1', name: 'Studio' });
const training = voice({ id: 'v-2', name: 'Im Training', status: 'training_in_progress', training_progress: 42, current_training_step: 3, total_training_steps: 4, engine: 'replicate', approximation: false });
const failed = voice({ id: 'v-3', name: 'Kaputt', status: 'failed', training_error: 'Die Aufnahme ist stumm.' });
const paused = voice({ id: 'v-4', name: 'Pausiert', status: 'paused' });
const shared = voice({ id: 'v-5', name: 'Geteilt', own: false, is_global: true });

const list = (voices: CloneVoice[] = [ready, training, failed, paused, shared]): CloneList => ({
  voices,
  stats: { voices: 4, most_used: { id: 'v-1', name: 'Studio', times_used: 4 }, audios: 12, monthly_cost_cent: 100 },
});

function setup(extra: Record<string, MockHandler> = {}) {
  const api = mockApi({
    'GET /api/me': { json: makeUser({ id: 'u-1' }) },
    'GET /api/voice-clones': { json: list() },
    'GET /api/voice-clones/stuck': { json: [] },
    ...extra,
  });
  return { api, ...renderApp('/dashboard/voice-cloning') };
}

const row = (name: string) => screen.getAllByTestId('clone-row').find((r) => r.textContent?.includes(name))!;
const query = (req: MockRequest) => new URL(req.url, 'http://localhost').searchParams;

describe('Stimmen Klonen: list', () => {
  it('shows the four cards and each state with what it allows', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Stimmen Klonen' })).toBeInTheDocument();
    expect(await screen.findByTestId('clone-stat-voices')).toHaveTextContent('4');
    expect(screen.getByTestId('clone-stat-most-used')).toHaveTextContent('Studio');
    expect(screen.getByTestId('clone-stat-audios')).toHaveTextContent('12');
    expect(screen.getByTestId('clone-stat-cost')).toHaveTextContent('1,00 €');

    expect(within(row('Studio')).getByTestId('clone-status')).toHaveTextContent('Bereit');
    expect(within(row('Studio')).getByTestId('clone-approximation')).toBeInTheDocument();
    expect(within(row('Im Training')).getByTestId('clone-progress')).toHaveTextContent('Schritt 3 von 4 · 42 %');
    expect(within(row('Im Training')).queryByTestId('clone-approximation')).not.toBeInTheDocument();
    expect(within(row('Im Training')).getByTestId('clone-check')).toBeInTheDocument();
    expect(within(row('Im Training')).getByTestId('clone-cancel')).toBeInTheDocument();
    expect(row('Kaputt')).toHaveTextContent('Die Aufnahme ist stumm.');
    expect(within(row('Kaputt')).getByTestId('clone-start')).toBeInTheDocument();
    expect(within(row('Pausiert')).getByTestId('clone-pay')).toBeInTheDocument();
    // Someone else's global clone: no actions at all.
    expect(within(row('Geteilt')).queryAllByRole('button').filter((b) => b.dataset.testid?.startsWith('clone-'))).toHaveLength(0);
    expect(row('Geteilt')).toHaveTextContent('Geteilte Stimme');
  });

  it('sends search and status to the server', async () => {
    const { api, user } = setup();
    await screen.findAllByTestId('clone-row');
    await chooseOption(user, 'Status', 'Fehlgeschlagen');
    await user.type(screen.getByTestId('clone-search'), 'Kap');
    await waitFor(() => {
      const last = query(api.callsTo('GET /api/voice-clones').at(-1)!);
      expect([last.get('status'), last.get('search')]).toEqual(['failed', 'Kap']);
    });
  });

  it('checks the training status and says when it is done', async () => {
    const { api, user } = setup({ 'POST /api/voice-clones/v-2/training': { json: { ...training, status: 'completed', training_progress: 100 } } });
    await screen.findAllByTestId('clone-row');
    await user.click(within(row('Im Training')).getByTestId('clone-check'));
    expect(await screen.findByText('Training abgeschlossen')).toBeInTheDocument();
    expect(api.callsTo('POST /api/voice-clones/v-2/training')[0].body).toEqual({ action: 'check_status' });
  });

  it('shows the spec toast with the server reason when starting fails', async () => {
    const { user } = setup({
      'POST /api/voice-clones/v-3/training': apiError(422, 'validation', 'Fehler beim Starten des Trainings', 'Es fehlt eine Trainingsaufnahme.'),
    });
    await screen.findAllByTestId('clone-row');
    await user.click(within(row('Kaputt')).getByTestId('clone-start'));
    expect(await screen.findByText('Fehler beim Starten des Trainings')).toBeInTheDocument();
    expect(screen.getByText('Es fehlt eine Trainingsaufnahme.')).toBeInTheDocument();
  });

  it('deletes only after asking', async () => {
    const { api, user } = setup({ 'DELETE /api/voice-clones/v-1': { status: 204 } });
    await screen.findAllByTestId('clone-row');
    await user.click(within(row('Studio')).getByTestId('clone-delete'));
    expect(api.callsTo('DELETE /api/voice-clones/v-1')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('Stimme gelöscht')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/voice-clones/v-1')).toHaveLength(1);
  });

  it('edits name, description and tags', async () => {
    const { api, user } = setup({ 'PATCH /api/voice-clones/v-1': { json: { ...ready, name: 'Studio 2' } } });
    await screen.findAllByTestId('clone-row');
    await user.click(within(row('Studio')).getByTestId('clone-edit'));
    const name = screen.getByTestId('edit-clone-name');
    await user.clear(name);
    await user.type(name, 'Studio 2');
    const tags = screen.getByTestId('edit-clone-tags');
    await user.clear(tags);
    await user.type(tags, 'podcast, , warm ');
    await user.click(screen.getByTestId('edit-clone-submit'));
    await waitFor(() => expect(api.callsTo('PATCH /api/voice-clones/v-1')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/voice-clones/v-1')[0].body).toEqual({ name: 'Studio 2', description: '', tags: ['podcast', 'warm'] });
  });

  it('shows the stuck card with a reset, and the empty state', async () => {
    const stuck = { ...training, stuck: true, training_started_at: '2026-11-24T08:00:00Z' };
    const { api, user } = setup({
      'GET /api/voice-clones': { json: list([]) },
      'GET /api/voice-clones/stuck': { json: [stuck] },
      'POST /api/voice-clones/v-2/training': { json: { ...stuck, status: 'training_needed' } },
    });
    expect(await screen.findByTestId('clones-empty')).toHaveTextContent('Sie haben noch keine Stimme geklont.');
    await user.click(await screen.findByTestId('stuck-reset'));
    await waitFor(() => expect(api.callsTo('POST /api/voice-clones/v-2/training')[0]?.body).toEqual({ action: 'reset' }));
  });
});
