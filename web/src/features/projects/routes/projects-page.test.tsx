import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, voicesFixture } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler } from '@/testing/mock-api';
import { makeProjectDetail, makeProjectSummary } from '@/testing/project-fixtures';
import { chooseOption, currentPath, renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

function setup(extra: Record<string, MockHandler> = {}, projects = [makeProjectSummary()]) {
  const api = mockApi({
    'GET /api/me': { json: makeUser({ balance_cent: 500 }) },
    'GET /api/voices': { json: voicesFixture },
    'GET /api/projects': { json: { projects } },
    ...extra,
  });
  return { api, ...renderApp('/dashboard/projects') };
}

async function openNewProject(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByTestId('project-new'));
  const dialog = await screen.findByRole('dialog', { name: 'Neues Projekt' });
  await within(dialog).findByTestId('project-voice-select');
  return dialog;
}

/** Picks the narrator (nothing is preselected). */
async function chooseNarrator(user: ReturnType<typeof setup>['user'], name: string) {
  await chooseOption(user, 'Sprecher', new RegExp(`^${name}\\b`));
}

/** The German stock voices and, listed first by the server, the user's own clone. */
const withClone = {
  ...voicesFixture,
  providers: [...voicesFixture.providers, { value: 'clone', label: 'Eigene Stimmen' }],
  voices: [
    { ...voicesFixture.voices[0], id: 'v-clone', key: null, name: 'Meine Stimme', provider: 'clone' as const, type: 'clone' as const, avatar: null, is_demo: false },
    ...voicesFixture.voices,
  ],
};

describe('Projekte: list', () => {
  it('shows each project with its chapters, characters, cost and paragraph progress, linked to its editor', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Projekte' })).toBeInTheDocument();
    const card = await screen.findByTestId('project-card');
    expect(within(card).getByRole('link', { name: 'Die Reise nach Rügen' })).toHaveAttribute('href', '/dashboard/projects/p-1');
    expect(within(card).getByTestId('project-facts')).toHaveTextContent('12 Kapitel123.456 Zeichen123,46 €');
    expect(within(card).getByTestId('project-progress')).toHaveTextContent('12 von 40 Absätzen fertig');
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '12');
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuemax', '40');
    expect(screen.getByRole('link', { name: 'Projekte' })).toHaveAttribute('href', '/dashboard/projects');
  });

  it('invites to a first project when there is none', async () => {
    setup({}, []);
    expect(
      await screen.findByText('Noch keine Projekte. Legen Sie ein Projekt an, um ein Manuskript als Hörbuch zu vertonen.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('project-card')).not.toBeInTheDocument();
  });

  it('deletes a project only after the warning that its audio goes for good and running renders are refunded', async () => {
    const { api, user } = setup({ 'DELETE /api/projects/p-1': { status: 204 } });
    await user.click(await screen.findByRole('button', { name: 'Projekt löschen: Die Reise nach Rügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projekt löschen?' });
    expect(dialog).toHaveTextContent('endgültig gelöscht');
    expect(dialog).toHaveTextContent('Ihrem Guthaben erstattet');
    expect(api.callsTo('DELETE /api/projects/p-1')).toHaveLength(0);
    api.on('GET /api/projects', { json: { projects: [] } });
    await user.click(within(dialog).getByTestId('project-delete-confirm'));
    await waitFor(() => expect(api.callsTo('DELETE /api/projects/p-1')).toHaveLength(1));
    expect(await screen.findByTestId('projects-empty')).toBeInTheDocument();
  });
});

describe('Projekte: "Neues Projekt"', () => {
  it('posts the pasted text with title and voice, counts its characters, and opens the new project', async () => {
    const created = makeProjectDetail({ id: 'p-9', title: 'Mein Hörbuch' });
    const { api, user } = setup({
      'POST /api/projects': { status: 201, json: created },
      'GET /api/projects/p-9/chapters/c-1': { json: { ...created.chapters[0], paragraphs: [] } },
    });
    const dialog = await openNewProject(user);
    await user.type(within(dialog).getByTestId('project-title-input'), 'Mein Hörbuch');
    await user.type(within(dialog).getByLabelText('Manuskript'), 'Kapitel 1\n\nEs war einmal.');
    expect(within(dialog).getByTestId('project-text-count')).toHaveTextContent('25 von 500.000 Zeichen');
    await chooseNarrator(user, 'Jonas');
    await user.click(within(dialog).getByTestId('project-create-submit'));
    await waitFor(() => expect(api.callsTo('POST /api/projects')).toHaveLength(1));
    expect(api.callsTo('POST /api/projects')[0].body).toEqual({ title: 'Mein Hörbuch', text: 'Kapitel 1\n\nEs war einmal.', voice_id: 'v-jonas' });
    await waitFor(() => expect(currentPath()).toBe('/dashboard/projects/p-9'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Hörbuch' })).toBeInTheDocument();
  });

  it('asks for what is missing before sending anything', async () => {
    const { api, user } = setup();
    const dialog = await openNewProject(user);
    await user.click(within(dialog).getByTestId('project-create-submit'));
    expect(await within(dialog).findByText('Bitte geben Sie einen Titel ein.')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte fügen Sie Ihr Manuskript ein.')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte wählen Sie eine Stimme aus.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/projects')).toHaveLength(0);
  });

  it('preselects no narrator and lists the user’s clones after the stock voices, by provider', async () => {
    const { api, user } = setup({ 'GET /api/voices': { json: withClone } });
    const dialog = await openNewProject(user);
    const narrator = within(dialog).getByLabelText('Sprecher');
    expect(narrator).toHaveTextContent('Sprecher wählen …');
    expect(narrator).toHaveAttribute('data-value', '');
    expect(within(dialog).queryByTestId('voice-preview')).not.toBeInTheDocument();

    await user.click(narrator);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('group').map((g) => g.textContent)).toEqual([
      'Lokal (eSpeak NG)Jonas (männlich)',
      'Murf AILena (weiblich)',
      'Eigene StimmenMeine Stimme (männlich)',
    ]);
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Jonas (männlich)', 'Lena (weiblich)', 'Meine Stimme (männlich)']);
    await user.keyboard('{Escape}');

    // Submitted without a choice: the field names what is missing, nothing is sent.
    await user.type(within(dialog).getByTestId('project-title-input'), 'Mein Hörbuch');
    await user.type(within(dialog).getByLabelText('Manuskript'), 'Es war einmal.');
    await user.click(within(dialog).getByTestId('project-create-submit'));
    expect(await within(dialog).findByText('Bitte wählen Sie eine Stimme aus.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Sprecher')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/projects')).toHaveLength(0);

    // The clone is used only when picked; the choice can be heard first.
    await chooseNarrator(user, 'Meine Stimme');
    expect(within(dialog).queryByText('Bitte wählen Sie eine Stimme aus.')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Hörprobe von Meine Stimme abspielen' })).toBeInTheDocument();
  });

  it('drops the narrator when the language changes', async () => {
    const { user } = setup();
    const dialog = await openNewProject(user);
    await chooseNarrator(user, 'Jonas');
    expect(within(dialog).getByLabelText('Sprecher')).toHaveAttribute('data-value', 'v-jonas');
    await chooseOption(user, 'Sprache', 'Englisch (USA) (en-US)');
    expect(within(dialog).getByLabelText('Sprecher')).toHaveTextContent('Sprecher wählen …');
  });

  it('shows the server’s field error under its field and stays open', async () => {
    const { user } = setup({
      'POST /api/projects': apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen Sie Ihre Eingaben.', {
        text: 'Das Manuskript enthält keinen lesbaren Absatz.',
      }),
    });
    const dialog = await openNewProject(user);
    await user.type(within(dialog).getByTestId('project-title-input'), 'Leer');
    await user.type(within(dialog).getByLabelText('Manuskript'), '---');
    await chooseNarrator(user, 'Jonas');
    await user.click(within(dialog).getByTestId('project-create-submit'));
    expect(await within(dialog).findByText('Das Manuskript enthält keinen lesbaren Absatz.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Manuskript')).toHaveAttribute('aria-invalid', 'true');
    expect(currentPath()).toBe('/dashboard/projects');
  });

  it('uploads the chosen file as a multipart form with the voice and the title, and shows a refused file’s reason', async () => {
    let answer: MockHandler = apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen Sie Ihre Eingaben.', {
      file: 'Die Datei ist beschädigt und kann nicht gelesen werden.',
    });
    const created = makeProjectDetail({ id: 'p-7', title: 'Roman' });
    const { api, user } = setup({
      'POST /api/projects/import': () => answer as never,
      'GET /api/projects/p-7/chapters/c-1': { json: { ...created.chapters[0], paragraphs: [] } },
    });
    const dialog = await openNewProject(user);
    await user.click(within(dialog).getByRole('tab', { name: 'Datei hochladen' }));
    expect(within(dialog).getByText('TXT, Markdown, DOCX, EPUB oder PDF, höchstens 20 MB')).toBeInTheDocument();
    const input = within(dialog).getByTestId('project-file-input');
    expect(input).toHaveAttribute('accept', '.txt,.md,.markdown,.docx,.epub,.pdf');
    const file = new File(['# Kapitel 1\n\nEs war einmal.'], 'roman.md', { type: 'text/markdown' });
    await user.upload(input, file);
    await user.type(within(dialog).getByTestId('project-title-input'), 'Roman');
    await chooseNarrator(user, 'Jonas');
    await user.click(within(dialog).getByTestId('project-create-submit'));
    expect(await within(dialog).findByText('Die Datei ist beschädigt und kann nicht gelesen werden.')).toBeInTheDocument();

    const sent = api.callsTo('POST /api/projects/import')[0];
    expect(sent.body).toBeInstanceOf(FormData);
    const form = sent.body as FormData;
    expect((form.get('file') as File).name).toBe('roman.md');
    expect(form.get('voice_id')).toBe('v-jonas');
    expect(form.get('title')).toBe('Roman');
    // The browser sets the multipart boundary itself: no JSON content type.
    expect(sent.headers['content-type']).toBeUndefined();
    expect(sent.headers['x-requested-with']).toBe('stimmwerk');

    answer = { status: 201, json: created };
    await user.click(within(dialog).getByTestId('project-create-submit'));
    await waitFor(() => expect(currentPath()).toBe('/dashboard/projects/p-7'));
    expect(api.callsTo('POST /api/projects')).toHaveLength(0);
  });

  it('refuses a file of another kind before uploading it', async () => {
    const { api, user } = setup();
    const dialog = await openNewProject(user);
    await user.click(within(dialog).getByRole('tab', { name: 'Datei hochladen' }));
    // `accept` only filters the system dialog ("Alle Dateien" lets anything through): checked again here.
    fireEvent.change(within(dialog).getByTestId('project-file-input'), {
      target: { files: [new File(['PK'], 'roman.odt', { type: 'application/vnd.oasis.opendocument.text' })] },
    });
    await user.click(within(dialog).getByTestId('project-create-submit'));
    expect(await within(dialog).findByText('Bitte wählen Sie eine TXT-, Markdown-, DOCX-, EPUB- oder PDF-Datei.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/projects/import')).toHaveLength(0);
  });
});
