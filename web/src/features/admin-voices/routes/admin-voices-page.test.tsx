import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler, type MockRequest } from '@/testing/mock-api';
import { chooseOption, renderApp } from '@/testing/test-utils';
import type { AdminVoice, AdminVoiceList } from '../api/types';

afterEach(() => vi.unstubAllGlobals());

function voice(overrides: Partial<AdminVoice> & Pick<AdminVoice, 'id' | 'name'>): AdminVoice {
  return {
    type: 'clone', provider: 'clone', speaks_with: 'Lokale Annäherung (eSpeak NG)', language: 'de-DE', engine: 'local', status: 'completed',
    owner: { id: 'u-2', name: 'Erika Muster', email: 'erika@example.de' }, is_global: false, is_active: true,
    times_used: 3, sample_count: 2, created_at: '2026-11-20T10:00:00Z', consent_date: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

const clone = voice({ id: 'v-1', name: 'Erikas Stimme' });
const stock = voice({ id: 'v-2', name: 'Klara', type: 'public', provider: 'local', speaks_with: 'Lokal (eSpeak NG)', engine: null, status: null, owner: null, sample_count: 0, is_global: true });

const overview: AdminVoiceList = {
  voices: [clone, stock],
  stats: { total: 52, clones: 1, public: 51, in_training: 0, completed_clones: 1, global_clones: 0 },
};

function setup(extra: Record<string, MockHandler> = {}) {
  const api = mockApi({
    'GET /api/me': { json: makeUser({ id: 'u-1', role: 'admin', second_factor: true }) },
    'GET /api/admin/voices': { json: overview },
    ...extra,
  });
  return { api, ...renderApp('/admin/voices') };
}

const row = (name: string) => screen.getAllByTestId('admin-voice-row').find((r) => r.textContent?.includes(name))!;
const query = (req: MockRequest) => new URL(req.url, 'http://localhost').searchParams;

describe('Stimmenverwaltung', () => {
  it('shows the cards and every voice with its owner', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Stimmenverwaltung' })).toBeInTheDocument();
    expect(await screen.findByTestId('admin-voice-stat-total')).toHaveTextContent('52');
    expect(row('Erikas Stimme')).toHaveTextContent('erika@example.de');
    expect(row('Erikas Stimme')).toHaveTextContent('Bereit');
    // Stock voices are always for everyone and cannot be deleted, only switched off.
    expect(within(row('Klara')).queryByTestId('admin-voice-global')).not.toBeInTheDocument();
    expect(within(row('Klara')).queryByTestId('admin-voice-delete')).not.toBeInTheDocument();
    expect(within(row('Klara')).getByTestId('admin-voice-active')).toBeChecked();
  });

  it('filters by type and search on the server', async () => {
    const { api, user } = setup();
    await screen.findAllByTestId('admin-voice-row');
    await chooseOption(user, 'Typ', 'Klone');
    await user.type(screen.getByTestId('admin-voice-search'), 'erika');
    await waitFor(() => {
      const last = query(api.callsTo('GET /api/admin/voices').at(-1)!);
      expect([last.get('type'), last.get('search')]).toEqual(['clone', 'erika']);
    });
  });

  it('shares a clone with everyone and switches a stock voice off', async () => {
    const { api, user } = setup({
      'PATCH /api/admin/voices/v-1': { json: { ...clone, is_global: true } },
      'PATCH /api/admin/voices/v-2': { json: { ...stock, is_active: false } },
    });
    await screen.findAllByTestId('admin-voice-row');
    await user.click(within(row('Erikas Stimme')).getByTestId('admin-voice-global'));
    await waitFor(() => expect(api.callsTo('PATCH /api/admin/voices/v-1')[0]?.body).toEqual({ is_global: true }));
    expect(await screen.findByText('Stimme für alle freigegeben')).toBeInTheDocument();
    await user.click(within(row('Klara')).getByTestId('admin-voice-active'));
    await waitFor(() => expect(api.callsTo('PATCH /api/admin/voices/v-2')[0]?.body).toEqual({ is_active: false }));
  });

  it('asks for the password again before a share goes through, then shares', async () => {
    const state = { confirmed: false };
    const { api, user } = setup({
      'PATCH /api/admin/voices/v-1': () =>
        state.confirmed
          ? { json: { ...clone, is_global: true } }
          : apiError(403, 'reauth_required', 'Bestätigung erforderlich', 'Bitte bestätigen Sie Ihr Passwort.'),
      'POST /api/admin/reauth': () => {
        state.confirmed = true;
        return { json: { valid_until: '2026-11-21T13:15:00Z' } };
      },
    });
    await screen.findAllByTestId('admin-voice-row');
    await user.click(within(row('Erikas Stimme')).getByTestId('admin-voice-global'));
    const reauth = await screen.findByRole('dialog', { name: 'Passwort bestätigen' });
    expect(screen.queryByText('Änderung fehlgeschlagen')).not.toBeInTheDocument();
    await user.type(within(reauth).getByTestId('reauth-password'), 'richtig-123');
    await user.click(within(reauth).getByRole('button', { name: 'Bestätigen und fortfahren' }));
    expect(await screen.findByText('Stimme für alle freigegeben')).toBeInTheDocument();
    const calls = api.callsTo('PATCH /api/admin/voices/v-1');
    expect(calls).toHaveLength(2);
    expect(calls[1].body).toEqual({ is_global: true });
    expect(api.callsTo('POST /api/admin/reauth')[0].body).toEqual({ password: 'richtig-123' });
  });

  it('deletes a clone after asking, and shows the server reason when it refuses', async () => {
    const { api, user } = setup({
      'DELETE /api/admin/voices/v-1': apiError(409, 'conflict', 'Konflikt', 'Katalogstimmen können nur deaktiviert werden.'),
    });
    await screen.findAllByTestId('admin-voice-row');
    await user.click(within(row('Erikas Stimme')).getByTestId('admin-voice-delete'));
    expect(screen.getByRole('dialog')).toHaveTextContent('erika@example.de');
    await user.click(screen.getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('Katalogstimmen können nur deaktiviert werden.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/admin/voices/v-1')).toHaveLength(1);
  });
});
