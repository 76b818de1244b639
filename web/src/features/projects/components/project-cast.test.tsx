import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { voicesFixture } from '@/testing/fixtures';
import { apiError } from '@/testing/mock-api';
import { CHARACTERS_ROUTE, loadProjectEditor, PROJECT_ROUTE, renderProjectEditor } from '@/testing/project-editor';
import type { ProjectCharacter } from '../api/types';

beforeAll(loadProjectEditor);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CREATE = 'POST /api/projects/p-1/characters';
const marie: ProjectCharacter = { id: 'ch-1', name: 'Marie', voice_id: 'v-lena' };
const jan: ProjectCharacter = { id: 'ch-2', name: 'Jan', voice_id: null };
const list = (...characters: ProjectCharacter[]) => ({ json: { characters } });

describe('Rollen', () => {
  it('lists the cast with each voice, and asks for a new voice where one was deleted', async () => {
    renderProjectEditor({ extra: { [CHARACTERS_ROUTE]: list(marie, jan) } });
    const card = within(await screen.findByTestId('project-cast'));
    const rows = await card.findAllByTestId('character');
    expect(rows.map((r) => within(r).getByTestId('character-name-text').textContent)).toEqual(['Marie', 'Jan']);
    expect(card.getByRole('combobox', { name: 'Stimme von Marie' })).toHaveTextContent('Lena');
    const janVoice = card.getByRole('combobox', { name: 'Stimme von Jan' });
    expect(janVoice).toHaveTextContent('Keine Stimme mehr – bitte neu wählen');
    expect(janVoice).toHaveAccessibleDescription('Keine Stimme mehr – bitte neu wählen');
  });

  it('adds a character with a name and a voice (checked first), and reads the project again', async () => {
    const clone = { ...voicesFixture.voices[0], id: 'v-own', key: 'clone-1', name: 'Meine Stimme', type: 'clone' as const };
    const voices = { ...voicesFixture, voices: [clone, ...voicesFixture.voices] };
    const { api, user } = renderProjectEditor({ extra: { [CREATE]: { status: 201, json: marie }, 'GET /api/voices': { json: voices } } });
    const card = within(await screen.findByTestId('project-cast'));
    await card.findByText('Noch keine Rollen: alles liest der Erzähler.');
    await user.click(card.getByRole('button', { name: 'Rolle hinzufügen' }));
    expect(await card.findByText('Bitte geben Sie einen Namen ein.')).toBeInTheDocument();
    expect(card.getByText('Bitte wählen Sie eine Stimme.')).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await user.type(card.getByLabelText('Name der Rolle'), ' Marie ');
    await user.click(card.getByRole('combobox', { name: 'Stimme der Rolle' }));
    // Stock voices first, the user's own clones after them.
    const groups = (await screen.findAllByRole('group')).map((g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(groups).toEqual(['Stimmwerk-Stimmen', 'Eigene Stimmen']);
    await user.click(await screen.findByRole('option', { name: /^Lena/ }));
    const projectReads = api.callsTo(PROJECT_ROUTE).length;
    api.on(CHARACTERS_ROUTE, list(marie));
    await user.click(card.getByRole('button', { name: 'Rolle hinzufügen' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0].body).toEqual({ name: 'Marie', voice_id: 'v-lena' });
    expect(await card.findByTestId('character')).toHaveTextContent('Marie');
    expect(card.getByLabelText('Name der Rolle')).toHaveValue('');
    await waitFor(() => expect(api.callsTo(PROJECT_ROUTE).length).toBeGreaterThan(projectReads));
  });

  it('shows the server’s refusal of a name under the field (409: taken, or 50 already)', async () => {
    const { user } = renderProjectEditor({
      extra: { [CHARACTERS_ROUTE]: list(marie), [CREATE]: apiError(409, 'conflict', 'Konflikt', 'Eine Rolle mit diesem Namen gibt es schon.') },
    });
    const card = within(await screen.findByTestId('project-cast'));
    await card.findByTestId('character');
    await user.type(card.getByLabelText('Name der Rolle'), 'Marie');
    await user.click(card.getByRole('combobox', { name: 'Stimme der Rolle' }));
    await user.click(await screen.findByRole('option', { name: /^Jonas/ }));
    await user.click(card.getByRole('button', { name: 'Rolle hinzufügen' }));
    expect(await card.findByText('Eine Rolle mit diesem Namen gibt es schon.')).toBeInTheDocument();
    expect(card.getByLabelText('Name der Rolle')).toHaveAttribute('aria-invalid', 'true');
  });

  it('renames a character and gives it a new voice', async () => {
    const patch = 'PATCH /api/projects/p-1/characters/ch-2';
    const { api, user } = renderProjectEditor({ extra: { [CHARACTERS_ROUTE]: list(marie, jan), [patch]: { json: { ...jan, name: 'Jan Peters' } } } });
    const card = within(await screen.findByTestId('project-cast'));
    await user.click(await card.findByRole('button', { name: 'Umbenennen: Jan' }));
    const field = card.getByLabelText('Neuer Name für Jan');
    await user.clear(field);
    await user.type(field, 'Jan Peters');
    await user.click(card.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.callsTo(patch)).toHaveLength(1));
    expect(api.callsTo(patch)[0].body).toEqual({ name: 'Jan Peters' });
    await waitFor(() => expect(card.queryByLabelText('Neuer Name für Jan')).not.toBeInTheDocument());

    await user.click(card.getByRole('combobox', { name: 'Stimme von Jan' }));
    await user.click(await screen.findByRole('option', { name: /^Jonas/ }));
    await waitFor(() => expect(api.callsTo(patch)).toHaveLength(2));
    expect(api.callsTo(patch)[1].body).toEqual({ voice_id: 'v-jonas' });
  });

  it('removes a character only after the confirmation', async () => {
    const remove = 'DELETE /api/projects/p-1/characters/ch-1';
    const { api, user } = renderProjectEditor({ extra: { [CHARACTERS_ROUTE]: list(marie), [remove]: { status: 204 } } });
    const card = within(await screen.findByTestId('project-cast'));
    await user.click(await card.findByRole('button', { name: 'Entfernen: Marie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rolle entfernen?' });
    expect(dialog).toHaveTextContent('Die Zitate von „Marie“ liest danach wieder der Erzähler');
    expect(api.callsTo(remove)).toHaveLength(0);
    api.on(CHARACTERS_ROUTE, list());
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(api.callsTo(remove)).toHaveLength(1));
    expect(await card.findByText('Noch keine Rollen: alles liest der Erzähler.')).toBeInTheDocument();
  });
});
