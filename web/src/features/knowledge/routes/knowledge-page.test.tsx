import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeJob, makeUser } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler } from '@/testing/mock-api';
import { chooseOption, renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

const stats = {
  audios: 12, active_audios: 10, completed_audios: 9, api_requests: 4, api_requests_today: 1, clone_audios: 0,
  cost_cent: 123, balance_cent: 500, categories: 3, tags: 5, daily: [],
};
const category = { id: 'cat-1', name: 'Podcasts', parent_id: null, editable: true, is_global: false, audio_count: 1 };
const tag = { id: 'tag-1', name: 'kunde', editable: true, is_global: false, audio_count: 1 };

function setup(extra: Record<string, MockHandler> = {}) {
  const api = mockApi({
    'GET /api/me': { json: makeUser() },
    'GET /api/library/stats': { json: stats },
    'GET /api/categories': { json: [category] },
    'GET /api/tags': { json: [tag] },
    'GET /api/jobs': {
      json: {
        jobs: [
          makeJob({ id: 'a', text: 'Erstes Audio', categories: [{ id: 'cat-1', name: 'Podcasts' }], tags: [{ id: 'tag-1', name: 'kunde' }] }),
          makeJob({ id: 'b', text: 'Zweites Audio', source: 'api' }),
        ],
        next_cursor: 'next',
        total: 7,
      },
    },
    ...extra,
  });
  return { api, ...renderApp('/dashboard/knowledge') };
}

const params = (url: string) => new URL(url, 'http://x').searchParams;

describe('Knowledge base', () => {
  it('shows figures, the list with labels and sends filters to the server', async () => {
    const { api, user } = setup();
    await waitFor(() => expect(screen.getByTestId('kb-title')).toHaveTextContent('Audio-Bibliothek (7)'));
    expect(await screen.findByTestId('kb-stat-audios')).toHaveTextContent('12');
    expect(screen.getByTestId('kb-stat-categories')).toHaveTextContent('3');
    const [first, second] = screen.getAllByTestId('kb-item');
    expect(first).toHaveTextContent('Podcasts');
    expect(first).toHaveTextContent('#kunde');
    expect(first).toHaveTextContent('Manuell');
    expect(second).toHaveTextContent('Keine Kategorie');
    expect(second).toHaveTextContent('Keine Tags');
    expect(second).toHaveTextContent('API');
    expect(params(api.callsTo('GET /api/jobs')[0].url).get('trash')).toBe('active');

    await user.type(screen.getByLabelText('Text durchsuchen'), 'Hallo');
    await chooseOption(user, 'Kategorie', 'Podcasts');
    await chooseOption(user, 'Tag', 'kunde');
    await chooseOption(user, 'Quelle', 'API');
    await chooseOption(user, 'Status', 'Gelöschte Audios');
    await waitFor(() => {
      const p = params(api.callsTo('GET /api/jobs').at(-1)!.url);
      expect(p.get('q')).toBe('Hallo');
      expect(p.get('category')).toBe('cat-1');
      expect(p.get('tag')).toBe('tag-1');
      expect(p.get('source')).toBe('api');
      expect(p.get('trash')).toBe('deleted');
    });
    // The search is debounced: no request for a half-typed word.
    expect(api.callsTo('GET /api/jobs').some((c) => params(c.url).get('q') === 'Hal')).toBe(false);
  });

  it('lists a project export by its source; a ZIP is downloaded, not played', async () => {
    const exports = [
      makeJob({ id: 'm', text: 'Rügen – M4B-Hörbuch', source: 'export', file_format: 'm4b', cost_cent: 0, audio_url: '/api/jobs/m/audio' }),
      makeJob({ id: 'z', text: 'Rügen – ZIP der Kapitel', source: 'export', file_format: 'zip', cost_cent: 0, audio_url: '/api/jobs/z/audio' }),
    ];
    const { api, user } = setup({ 'GET /api/jobs': { json: { jobs: exports, next_cursor: null, total: 2 } } });
    const [m4b, zip] = await screen.findAllByTestId('kb-item');
    expect(within(m4b).getByTestId('kb-source')).toHaveTextContent('Projekt-Export');
    expect(within(m4b).getByTestId('kb-play')).toBeEnabled();
    expect(within(zip).queryByTestId('kb-play')).toBeNull();
    expect(within(zip).getByTestId('kb-archive')).toHaveTextContent('zum Herunterladen');
    expect(within(zip).getByTestId('kb-download')).toBeEnabled();
    await chooseOption(user, 'Quelle', 'Projekt-Export');
    await waitFor(() => expect(params(api.callsTo('GET /api/jobs').at(-1)!.url).get('source')).toBe('export'));
  });

  it('pages with "Mehr laden"', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByTestId('kb-load-more'));
    await waitFor(() => expect(api.callsTo('GET /api/jobs').some((c) => params(c.url).get('cursor') === 'next')).toBe(true));
  });

  it('validates the bulk category and tags dialogs', async () => {
    const { api, user } = setup({
      'POST /api/library/tags': { json: { tag_ids: ['t'] } },
      'POST /api/library/categories': { json: { changed: 1 } },
    });
    const boxes = await screen.findAllByTestId('kb-select');
    await user.click(boxes[0]);

    await user.click(screen.getByTestId('kb-assign-category'));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('kb-assign-category-submit'));
    expect(await within(dialog).findByText('Bitte wählen Sie eine Kategorie aus.')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Neue Kategorie'));
    await user.click(within(dialog).getByTestId('kb-assign-category-submit'));
    expect(await within(dialog).findByText('Bitte geben Sie einen Kategorienamen ein.')).toBeInTheDocument();
    expect(within(dialog).getByText('Kategorie erforderlich')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('kb-new-category'), 'Hörbuch');
    await user.click(within(dialog).getByTestId('kb-assign-category-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/library/categories')[0].body).toEqual({ ids: ['a'], new_category: { name: 'Hörbuch' } });

    await user.click((await screen.findAllByTestId('kb-select'))[1]);
    await user.click(screen.getByTestId('kb-add-tags'));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('kb-add-tags-submit'));
    expect(await within(dialog).findByText('Bitte geben Sie mindestens einen Tag ein.')).toBeInTheDocument();
    expect(within(dialog).getByText('Tags erforderlich')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('kb-tags-input'), 'Wichtig, ');
    expect(within(dialog).getByRole('button', { name: '+ wichtig' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '+ projekt' }));
    await user.click(within(dialog).getByTestId('kb-add-tags-submit'));
    await waitFor(() => expect(api.callsTo('POST /api/library/tags')).toHaveLength(1));
    expect(api.callsTo('POST /api/library/tags')[0].body).toEqual({ ids: ['b'], tags: ['Wichtig', 'projekt'] });
  });

  it("says a refused category or tag change in the spec's words with the server's reason", async () => {
    const { user } = setup({
      'POST /api/library/categories': apiError(404, 'not_found', 'Nicht gefunden', 'Die Kategorie gibt es nicht mehr.'),
      'POST /api/library/tags': apiError(422, 'validation', 'Ungültige Eingabe', 'Ein Tag darf höchstens 40 Zeichen haben.'),
    });
    await user.click((await screen.findAllByTestId('kb-select'))[0]);
    await user.click(screen.getByTestId('kb-assign-category'));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Kategorie'));
    await user.click(await screen.findByRole('option', { name: 'Podcasts' }));
    await user.click(within(dialog).getByTestId('kb-assign-category-submit'));
    expect(await within(dialog).findByText('Kategorien konnten nicht zugeordnet werden.')).toBeInTheDocument();
    expect(within(dialog).getByText('Die Kategorie gibt es nicht mehr.')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Neue Kategorie'));
    await user.type(within(dialog).getByTestId('kb-new-category'), 'Hörbuch');
    await user.click(within(dialog).getByTestId('kb-assign-category-submit'));
    expect(await within(dialog).findByText('Kategorie konnte nicht erstellt oder zugeordnet werden.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    await user.click(screen.getByTestId('kb-add-tags'));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('kb-tags-input'), 'projekt');
    await user.click(within(dialog).getByTestId('kb-add-tags-submit'));
    expect(await within(dialog).findByText('Tags konnten nicht hinzugefügt werden.')).toBeInTheDocument();
    expect(within(dialog).getByText('Ein Tag darf höchstens 40 Zeichen haben.')).toBeInTheDocument();
  });
});
