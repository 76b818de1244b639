import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeJob, makeUser, voicesFixture } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler, type MockReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

const stats = {
  audios: 2, active_audios: 2, completed_audios: 2, api_requests: 0, api_requests_today: 0, clone_audios: 3,
  cost_cent: 10, balance_cent: 500, categories: 2, tags: 1, daily: [],
};
const podcast = { id: 'cat-1', name: 'Podcast', parent_id: null, editable: true, is_global: false, audio_count: 2 };
const intro = { id: 'cat-2', name: 'Intro', parent_id: 'cat-1', editable: true, is_global: false, audio_count: 1 };
const global = { id: 'cat-3', name: 'Firma', parent_id: null, editable: false, is_global: true, audio_count: 0 };
const tag = { id: 'tag-1', name: 'kunde', editable: true, is_global: false, audio_count: 1 };
const clone = { ...voicesFixture.voices[0], id: 'v-clone', name: 'Meine Stimme', type: 'clone' as const, description: 'Aus dem Studio' };

function setup(extra: Record<string, MockHandler> = {}, role: 'user' | 'admin' = 'user') {
  const api = mockApi({
    'GET /api/me': { json: makeUser({ role }) },
    'GET /api/library/stats': { json: stats },
    'GET /api/categories': { json: [podcast, intro, global] },
    'GET /api/tags': { json: [tag] },
    'GET /api/voices': { json: { ...voicesFixture, voices: [...voicesFixture.voices, clone] } },
    'GET /api/jobs': { json: { jobs: [makeJob({ id: 'a', text: 'Folge eins' })], next_cursor: null, total: 1 } },
    ...extra,
  });
  return { api, ...renderApp('/dashboard/knowledge') };
}

const lastJobsQuery = (api: ReturnType<typeof mockApi>) => new URL(api.callsTo('GET /api/jobs').at(-1)!.url, 'http://x').searchParams;

describe('Knowledge base tabs and managers', () => {
  it('Kategorien: the tree with sub-categories lists the chosen category and offers suggestions', async () => {
    const { api, user } = setup({ 'POST /api/categories': { status: 201, json: { ...intro, id: 'cat-9', name: 'Outro' } } });
    await user.click(await screen.findByRole('tab', { name: 'Kategorien' }));
    const nodes = await screen.findAllByTestId('category-node');
    expect(nodes.map((n) => n.textContent)).toEqual(['Firma0', 'Podcast2', 'Intro1']);
    await user.click(nodes[1]);
    await waitFor(() => expect(lastJobsQuery(api).get('category')).toBe('cat-1'));
    const suggestions = await screen.findByTestId('subcategory-suggestions');
    expect(within(suggestions).getByRole('button', { name: 'Intro' })).toBeDisabled();
    await user.click(within(suggestions).getByRole('button', { name: 'Outro' }));
    await waitFor(() => expect(api.callsTo('POST /api/categories')[0]?.body).toEqual({ name: 'Outro', parent_id: 'cat-1' }));
  });

  it('Klone: cards, voice filter and the clone-only list', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Klone' }));
    expect(await screen.findByTestId('clones-stat-voices')).toHaveTextContent('1');
    expect(screen.getByTestId('clones-stat-audios')).toHaveTextContent('3');
    await waitFor(() => expect(lastJobsQuery(api).get('voice_type')).toBe('clone'));
    const card = screen.getByTestId('clone-voice-card');
    expect(card).toHaveTextContent('Meine Stimme');
    expect(card).toHaveTextContent('Bereit');
    await user.click(card);
    await waitFor(() => expect(lastJobsQuery(api).get('voice')).toBe('v-clone'));
    expect(screen.getByTestId('clones-stat-filter')).toHaveTextContent('de-DE');
  });

  it('Klone: the empty state while there are no clone audios', async () => {
    const { user } = setup({ 'GET /api/jobs': { json: { jobs: [], next_cursor: null, total: 0 } } });
    await user.click(await screen.findByRole('tab', { name: 'Klone' }));
    expect(await screen.findByText('Keine Audios mit geklonten Stimmen gefunden')).toBeInTheDocument();
  });

  it('the category manager refuses blank names, renames, and deletes only after saying what happens to sub-categories', async () => {
    const { api, user } = setup({
      'POST /api/categories': { status: 201, json: { ...podcast, id: 'cat-7', name: 'Neu' } },
      'PATCH /api/categories/cat-1': { json: { ...podcast, name: 'Podcasts' } },
      'DELETE /api/categories/cat-1': { json: { moved_children: 1 } },
    });
    await user.click(await screen.findByTestId('kb-settings'));
    const dialog = await screen.findByRole('dialog', { name: 'Knowledge Base Einstellungen' });
    expect(within(dialog).queryByTestId('category-create-global')).not.toBeInTheDocument();
    await user.type(within(dialog).getByTestId('category-create-name'), '   ');
    await user.click(within(dialog).getByTestId('category-create-submit'));
    expect(await within(dialog).findByText('Bitte geben Sie einen Kategorienamen ein.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/categories')).toHaveLength(0);
    await user.type(within(dialog).getByTestId('category-create-name'), ' Neu ');
    await user.click(within(dialog).getByTestId('category-create-submit'));
    await waitFor(() => expect(api.callsTo('POST /api/categories')[0]?.body).toMatchObject({ name: 'Neu', global: false }));

    const rows = within(dialog).getAllByTestId('category-row');
    const podcastRow = rows.find((r) => r.dataset.name === 'Podcast')!;
    expect(within(rows.find((r) => r.dataset.name === 'Firma')!).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(podcastRow).getByTestId('category-rename-button'));
    const field = within(dialog).getByTestId('category-rename-name');
    await user.clear(field);
    await user.type(field, 'Podcasts');
    await user.click(within(dialog).getByTestId('category-rename-submit'));
    await waitFor(() => expect(api.callsTo('PATCH /api/categories/cat-1')[0]?.body).toEqual({ name: 'Podcasts' }));

    await user.click(within(within(dialog).getAllByTestId('category-row').find((r) => r.dataset.name === 'Podcast')!).getByTestId('category-delete-button'));
    const confirm = await screen.findByRole('dialog', { name: /Podcast.*löschen/ });
    expect(confirm).toHaveTextContent('1 Unterkategorie(n) rücken eine Ebene nach oben');
    expect(api.callsTo('DELETE /api/categories/cat-1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/categories/cat-1')).toHaveLength(1));
  });

  it('an admin is asked for the password before a global tag or category changes, and the change then goes through', async () => {
    const state = { confirmed: false };
    const afterReauth = (reply: MockReply) => () =>
      state.confirmed ? reply : apiError(403, 'reauth_required', 'Bestätigung nötig', 'Bitte bestätigen Sie Ihr Passwort.');
    const firma = { ...global, editable: true };
    const { api, user } = setup(
      {
        'GET /api/categories': { json: [podcast, intro, firma] },
        'POST /api/tags': afterReauth({ status: 201, json: { ...tag, id: 'tag-9', name: 'firma', is_global: true } }),
        'DELETE /api/categories/cat-3': afterReauth({ json: { moved_children: 0 } }),
        'POST /api/admin/reauth': (req) => {
          if ((req.body as { password?: string }).password !== 'richtig-123') {
            return apiError(401, 'invalid_credentials', 'Falsches Passwort', 'Das Passwort ist falsch.');
          }
          state.confirmed = true;
          return { json: { valid_until: '2026-11-21T13:15:00Z' } };
        },
      },
      'admin',
    );
    await user.click(await screen.findByTestId('kb-settings'));
    const dialog = await screen.findByRole('dialog', { name: 'Knowledge Base Einstellungen' });

    // Deleting a global category: the password first, then the same request again.
    const firmaRow = within(dialog).getAllByTestId('category-row').find((r) => r.dataset.name === 'Firma')!;
    await user.click(within(firmaRow).getByTestId('category-delete-button'));
    await user.click(within(await screen.findByRole('dialog', { name: /Firma.*löschen/ })).getByRole('button', { name: 'Löschen' }));
    let reauth = await screen.findByRole('dialog', { name: 'Passwort bestätigen' });
    expect(screen.queryByText('Bitte bestätigen Sie Ihr Passwort.')).not.toBeInTheDocument();
    await user.type(within(reauth).getByTestId('reauth-password'), 'richtig-123');
    await user.click(within(reauth).getByRole('button', { name: 'Bestätigen und fortfahren' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/categories/cat-3')).toHaveLength(2));
    expect(await screen.findByText('„Firma“ gelöscht.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Passwort bestätigen' })).not.toBeInTheDocument());

    // A new global tag: the same, and the form shows no error for the first answer.
    state.confirmed = false;
    await user.click(within(dialog).getByRole('tab', { name: 'Tags' }));
    await user.type(await within(dialog).findByTestId('tag-create-name'), 'firma');
    await user.click(within(dialog).getByTestId('tag-create-global'));
    await user.click(within(dialog).getByTestId('tag-create-submit'));
    reauth = await screen.findByRole('dialog', { name: 'Passwort bestätigen' });
    expect(within(dialog).queryByText('Bitte bestätigen Sie Ihr Passwort.')).not.toBeInTheDocument();
    await user.type(within(reauth).getByTestId('reauth-password'), 'richtig-123');
    await user.click(within(reauth).getByRole('button', { name: 'Bestätigen und fortfahren' }));
    await waitFor(() => expect(api.callsTo('POST /api/tags')).toHaveLength(2));
    expect(api.callsTo('POST /api/tags').map((c) => c.body)).toEqual([{ name: 'firma', global: true }, { name: 'firma', global: true }]);
    expect(await screen.findByText('Tag angelegt')).toBeInTheDocument();
  });

  it('admins may make a tag global; server errors are shown', async () => {
    const { api, user } = setup({ 'POST /api/tags': apiError(409, 'conflict', 'Konflikt', 'Diesen Tag gibt es schon.') }, 'admin');
    await user.click(await screen.findByTestId('kb-settings'));
    const dialog = await screen.findByRole('dialog', { name: 'Knowledge Base Einstellungen' });
    await user.click(within(dialog).getByRole('tab', { name: 'Tags' }));
    await user.type(await within(dialog).findByTestId('tag-create-name'), 'kunde');
    await user.click(within(dialog).getByTestId('tag-create-global'));
    await user.click(within(dialog).getByTestId('tag-create-submit'));
    await waitFor(() => expect(api.callsTo('POST /api/tags')[0]?.body).toEqual({ name: 'kunde', global: true }));
    expect(await within(dialog).findByText('Diesen Tag gibt es schon.')).toBeInTheDocument();
  });
});
