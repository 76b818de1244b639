import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeService, makeServicesResponse, makeUser } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler } from '@/testing/mock-api';
import { currentPath, renderApp } from '@/testing/test-utils';
import type { Service, ServicesResponse } from '../api/types';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const reauthRequired = () => apiError(403, 'reauth_required', 'Bestätigung erforderlich', 'Bitte bestätigen Sie Ihr Passwort.');
const wrongPassword = () => apiError(401, 'invalid_credentials', 'Falsches Passwort', 'Das Passwort ist falsch.');

/** A tiny server: the list answers 403 until `POST /api/admin/reauth` got the right password. */
function setup({
  unlocked = true,
  data = makeServicesResponse(),
  extra = {} as Record<string, MockHandler>,
} = {}) {
  const state = { unlocked, data };
  const api = mockApi({
    'GET /api/me': { json: makeUser({ role: 'admin', second_factor: true }) },
    'GET /api/admin/services': () => (state.unlocked ? { json: state.data } : reauthRequired()),
    'POST /api/admin/reauth': (req) => {
      if ((req.body as { password?: string }).password !== 'richtig-123') return wrongPassword();
      state.unlocked = true;
      return { json: { valid_until: '2026-11-21T13:15:00Z' } };
    },
    ...extra,
  });
  const view = renderApp('/admin/api-settings');
  return { api, state, ...view };
}

function card(id: string) {
  return screen.getAllByTestId('service-card').find((c) => c.getAttribute('data-service-id') === id)!;
}

function shownIds() {
  return screen.queryAllByTestId('service-card').map((c) => c.getAttribute('data-service-id'));
}

async function gate() {
  return (await screen.findByTestId('reauth-password')) as HTMLInputElement;
}

describe('API settings: re-authentication gate', () => {
  it('is shown while the server asks for re-authentication', async () => {
    const { user } = setup({ unlocked: false });
    const password = await gate();
    expect(screen.getByRole('heading', { level: 1, name: 'API-Einstellungen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Geschützter Bereich' })).toBeInTheDocument();
    expect(screen.getByText(/Bitte bestätigen Sie Ihr Passwort/)).toBeInTheDocument();
    expect(screen.getByTestId('reauth-failures')).toHaveTextContent('Fehlversuche: 0/3');
    expect(screen.getByTestId('reauth-submit')).toHaveTextContent('Zugang gewähren');
    expect(screen.getByTestId('reauth-submit')).toBeDisabled();
    expect(screen.queryAllByTestId('service-card')).toHaveLength(0);

    // Show / hide.
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Passwort verbergen' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('counts a wrong password, clears the field and keeps the session', async () => {
    const { user, api } = setup({ unlocked: false });
    const password = await gate();
    await user.type(password, 'falsch');
    await user.click(screen.getByTestId('reauth-submit'));
    expect(await screen.findByText('Falsches Passwort. Bitte versuchen Sie es erneut.')).toBeInTheDocument();
    expect(password).toHaveValue('');
    expect(screen.getByTestId('reauth-failures')).toHaveTextContent('Fehlversuche: 1/3');
    expect(currentPath()).toBe('/admin/api-settings');
    const [call] = api.callsTo('POST /api/admin/reauth');
    expect(call.body).toEqual({ password: 'falsch' });
    expect(call.headers['x-requested-with']).toBe('stimmwerk');
  });

  it('locks for 30 seconds after the third failure, then starts over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, api } = setup({ unlocked: false });
    const password = await gate();
    for (let i = 1; i <= 3; i++) {
      await user.type(password, `falsch-${i}`);
      await user.click(screen.getByTestId('reauth-submit'));
      await waitFor(() => expect(screen.getByTestId('reauth-failures')).toHaveTextContent(`Fehlversuche: ${i}/3`));
    }
    expect(screen.getByText('Zu viele fehlgeschlagene Versuche. Warten Sie 30 Sekunden.')).toBeInTheDocument();
    expect(password).toBeDisabled();
    expect(screen.getByTestId('reauth-submit')).toBeDisabled();
    expect(screen.getByTestId('reauth-submit')).toHaveTextContent('Gesperrt...');
    expect(api.callsTo('POST /api/admin/reauth')).toHaveLength(3);

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(password).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(password).toBeEnabled();
    expect(screen.getByTestId('reauth-failures')).toHaveTextContent('Fehlversuche: 0/3');
    expect(screen.queryByText('Zu viele fehlgeschlagene Versuche. Warten Sie 30 Sekunden.')).not.toBeInTheDocument();
    expect(screen.getByTestId('reauth-submit')).toHaveTextContent('Zugang gewähren');
  });

  it('opens the settings after the right password', async () => {
    const { user, api } = setup({ unlocked: false });
    await user.type(await gate(), 'richtig-123');
    await user.click(screen.getByTestId('reauth-submit'));
    expect(await screen.findByTestId('services-configured')).toHaveTextContent('4/7 konfiguriert');
    expect(screen.queryByTestId('reauth-password')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/services')).toHaveLength(2);
  });

  it('skips the gate while the server-side re-authentication is still valid (reload)', async () => {
    setup({ unlocked: true });
    expect(await screen.findByTestId('services-configured')).toHaveTextContent('4/7 konfiguriert');
    expect(screen.queryByTestId('reauth-password')).not.toBeInTheDocument();
  });

  it('shows the gate again when the re-authentication expired during use', async () => {
    const { user, state } = setup({
      extra: { 'POST /api/admin/services/openai_tts/test': reauthRequired() },
    });
    await screen.findByTestId('services-configured');
    state.unlocked = false;
    await user.click(within(card('openai_tts')).getByTestId('service-test'));
    expect(await screen.findByTestId('reauth-password')).toBeInTheDocument();
  });

  it('shows other load errors with a retry', async () => {
    setup({ extra: { 'GET /api/admin/services': apiError(500, 'internal', 'Serverfehler', 'Interner Fehler.') } });
    expect(await screen.findByText('Die Einstellungen konnten nicht geladen werden')).toBeInTheDocument();
    expect(screen.getByText('Interner Fehler.')).toBeInTheDocument();
  });
});

describe('API settings: overview', () => {
  it('counts services per category and filters by a click', async () => {
    const { user } = setup();
    await screen.findByTestId('services-configured');
    const categories = screen.getAllByTestId('category-card');
    expect(categories.map((c) => c.getAttribute('data-category'))).toEqual(['AI/ML', 'Cloud', 'Payment', 'Database']);
    expect(categories.map((c) => within(c).getByTestId('category-total').textContent)).toEqual(['3', '1', '1', '2']);
    expect(categories[0]).toHaveTextContent('2 konfiguriert');
    expect(shownIds()).toHaveLength(7);

    await user.click(categories[0]);
    expect(categories[0]).toHaveAttribute('aria-pressed', 'true');
    expect(shownIds()).toEqual(['openai_tts', 'gemini_tts', 'murf_tts']);
    await user.click(categories[0]);
    expect(shownIds()).toHaveLength(7);

    await user.click(categories[3]);
    expect(shownIds()).toEqual(['postgres', 'redis']);
    await user.click(screen.getByRole('button', { name: 'Filter entfernen' }));
    expect(shownIds()).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'Filter entfernen' })).not.toBeInTheDocument();
  });

  it('shows each service with status, source, last 4, secret name and links', async () => {
    setup();
    await screen.findByTestId('services-configured');
    const openai = card('openai_tts');
    expect(openai).toHaveTextContent('OpenAI TTS');
    expect(openai).toHaveTextContent('AI/ML');
    expect(within(openai).getByTestId('service-status')).toHaveTextContent('Konfiguriert');
    expect(within(openai).getByTestId('service-status')).toHaveClass('text-success');
    expect(within(openai).getByTestId('service-source')).toHaveTextContent('im Tresor gespeichert');
    expect(within(openai).getByTestId('service-last4')).toHaveTextContent('…1234');
    expect(openai).toHaveTextContent('Sprachsynthese mit OpenAI.');
    const secret = within(openai).getByTestId('service-secret');
    expect(secret).toHaveTextContent('APP__PROVIDERS__OPENAI__API_KEY');
    expect(secret).toHaveClass('font-mono');
    const keyLink = within(openai).getByRole('link', { name: /API-Key erhalten/ });
    expect(keyLink).toHaveAttribute('href', 'https://platform.openai.com/api-keys');
    expect(keyLink).toHaveAttribute('target', '_blank');
    expect(keyLink.getAttribute('rel')).toContain('noopener');
    const docs = within(openai).getByRole('link', { name: /Dokumentation/ });
    expect(docs).toHaveAttribute('href', 'https://platform.openai.com/docs/guides/text-to-speech');
    expect(docs).toHaveAttribute('target', '_blank');

    expect(within(card('gemini_tts')).getByTestId('service-source')).toHaveTextContent('aus Umgebungsvariable');
    const murf = card('murf_tts');
    expect(within(murf).getByTestId('service-status')).toHaveTextContent('Fehlt');
    expect(within(murf).getByTestId('service-status')).toHaveClass('text-destructive');
    expect(within(murf).queryByTestId('service-last4')).not.toBeInTheDocument();
  });

  it('offers update, remove and test only where possible', async () => {
    setup();
    await screen.findByTestId('services-configured');
    // Stored in the database: update, test and remove.
    expect(within(card('openai_tts')).getByTestId('service-update')).toBeInTheDocument();
    expect(within(card('openai_tts')).getByTestId('service-test')).toBeInTheDocument();
    expect(within(card('openai_tts')).getByRole('button', { name: 'Entfernen' })).toBeInTheDocument();
    // From the environment: no remove.
    expect(within(card('gemini_tts')).queryByRole('button', { name: 'Entfernen' })).not.toBeInTheDocument();
    // Neither storable nor testable.
    expect(within(card('stripe')).queryByTestId('service-update')).not.toBeInTheDocument();
    expect(within(card('stripe')).queryByTestId('service-test')).not.toBeInTheDocument();
    // Testable only.
    expect(within(card('postgres')).queryByTestId('service-update')).not.toBeInTheDocument();
    expect(within(card('postgres')).getByTestId('service-test')).toBeInTheDocument();
  });

  it('lists the security hints and the approximate costs', async () => {
    setup();
    const info = await screen.findByTestId('security-info');
    expect(info).toHaveTextContent('verschlüsselt gespeichert');
    expect(info).toHaveTextContent('nie wieder angezeigt');
    expect(info).toHaveTextContent('letzten 4 Zeichen');
    expect(info).toHaveTextContent('regelmäßig');
    expect(info).toHaveTextContent('0,015 $ pro 1.000 Zeichen');
    expect(info).toHaveTextContent('0,02 $');
    expect(info).toHaveTextContent('0,01 $');
    expect(info).toHaveTextContent('0,50–2,00 $');
    expect(info).toHaveTextContent('1,4 % + 0,25 €');
  });
});

describe('API settings: actions', () => {
  const saved: Service = makeService({
    id: 'murf_tts',
    name: 'Murf AI',
    secret_name: 'APP__PROVIDERS__MURF__API_KEY',
    status: 'configured',
    source: 'database',
    key_last4: '9876',
  });

  it('saves a key once, trimmed, and never shows it again', async () => {
    const { user, api } = setup({ extra: { 'PUT /api/admin/services/murf_tts/key': { json: saved } } });
    await screen.findByTestId('services-configured');
    const murf = card('murf_tts');
    await user.click(within(murf).getByTestId('service-update'));
    const input = within(murf).getByTestId('service-key-input');
    expect(input).toHaveAttribute('type', 'password');

    // Empty and blank keys are refused in the browser.
    await user.click(within(murf).getByTestId('service-save'));
    expect(await within(murf).findByText('Bitte geben Sie einen Schlüssel ein.')).toBeInTheDocument();
    await user.type(input, '   ');
    await user.click(within(murf).getByTestId('service-save'));
    expect(api.callsTo('PUT /api/admin/services/murf_tts/key')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '  sk-murf-geheim-9876  ');
    await user.click(within(murf).getByTestId('service-save'));
    expect(await screen.findByText('Gespeichert')).toBeInTheDocument();
    expect(screen.getByText('Der Schlüssel wurde verschlüsselt gespeichert.')).toBeInTheDocument();
    const [call] = api.callsTo('PUT /api/admin/services/murf_tts/key');
    expect(call.body).toEqual({ key: 'sk-murf-geheim-9876', confirm_untested: false });
    expect(call.headers['x-requested-with']).toBe('stimmwerk');

    // The panel is closed, the card shows the new state, and the key is nowhere in the page.
    expect(within(card('murf_tts')).queryByTestId('service-key-input')).not.toBeInTheDocument();
    expect(within(card('murf_tts')).getByTestId('service-status')).toHaveTextContent('Konfiguriert');
    expect(within(card('murf_tts')).getByTestId('service-last4')).toHaveTextContent('…9876');
    expect(screen.getByTestId('services-configured')).toHaveTextContent('5/7 konfiguriert');
    expect(document.body.innerHTML).not.toContain('sk-murf-geheim');
    for (const field of document.querySelectorAll('input')) expect(field.value).not.toContain('sk-murf-geheim');

    // Opening the panel again starts empty.
    await user.click(within(card('murf_tts')).getByTestId('service-update'));
    expect(within(card('murf_tts')).getByTestId('service-key-input')).toHaveValue('');
  });

  it('stores a key that failed its connection test only after the warning and "Trotzdem speichern"', async () => {
    let reply: MockHandler = apiError(
      422,
      'validation',
      'Verbindungstest fehlgeschlagen',
      'Der Schlüssel wurde nicht gespeichert: Murf AI hat die Anfrage abgelehnt (401).',
      { key: 'Der Verbindungstest mit diesem Schlüssel ist fehlgeschlagen.' },
    );
    const { user, api } = setup({ extra: { 'PUT /api/admin/services/murf_tts/key': () => reply as never } });
    await screen.findByTestId('services-configured');
    const murf = card('murf_tts');
    await user.click(within(murf).getByTestId('service-update'));
    await user.type(within(murf).getByTestId('service-key-input'), 'sk-falsch');
    await user.click(within(murf).getByTestId('service-save'));
    const warning = await within(murf).findByTestId('service-key-test-failed');
    expect(warning).toHaveTextContent('Murf AI hat die Anfrage abgelehnt (401).');
    expect(warning).toHaveTextContent('gilt er sofort für alle Kunden');
    expect(within(murf).getByTestId('service-status')).not.toHaveTextContent('Konfiguriert');

    reply = { json: saved };
    await user.click(within(murf).getByTestId('service-save-anyway'));
    expect(await screen.findByText('Der Schlüssel wurde verschlüsselt gespeichert.')).toBeInTheDocument();
    const calls = api.callsTo('PUT /api/admin/services/murf_tts/key');
    expect(calls.map((c) => c.body)).toEqual([
      { key: 'sk-falsch', confirm_untested: false },
      { key: 'sk-falsch', confirm_untested: true },
    ]);
  });

  it('closes the panel on cancel without sending anything', async () => {
    const { user, api } = setup();
    await screen.findByTestId('services-configured');
    await user.click(within(card('murf_tts')).getByTestId('service-update'));
    await user.type(within(card('murf_tts')).getByTestId('service-key-input'), 'sk-abbrechen');
    await user.click(within(card('murf_tts')).getByRole('button', { name: 'Abbrechen' }));
    expect(within(card('murf_tts')).queryByTestId('service-key-input')).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('sk-abbrechen');
    expect(api.callsTo('PUT /api/admin/services/murf_tts/key')).toHaveLength(0);
  });

  it('shows a refused save by title and message', async () => {
    const { user } = setup({
      extra: {
        'PUT /api/admin/services/murf_tts/key': apiError(
          409,
          'conflict',
          'Kein Verschlüsselungsschlüssel',
          'Auf dem Server ist kein Verschlüsselungsschlüssel eingerichtet.',
        ),
      },
    });
    await screen.findByTestId('services-configured');
    await user.click(within(card('murf_tts')).getByTestId('service-update'));
    await user.type(within(card('murf_tts')).getByTestId('service-key-input'), 'sk-1');
    await user.click(within(card('murf_tts')).getByTestId('service-save'));
    expect(await screen.findByText('Kein Verschlüsselungsschlüssel')).toBeInTheDocument();
    expect(screen.getByText('Auf dem Server ist kein Verschlüsselungsschlüssel eingerichtet.')).toBeInTheDocument();
    expect(within(card('murf_tts')).getByTestId('service-key-input')).toBeInTheDocument();
  });

  it('removes a stored key only after confirmation', async () => {
    const removed: Service = { ...makeServicesResponse().services[0], status: 'missing', source: null, key_last4: null };
    const { user, api } = setup({ extra: { 'DELETE /api/admin/services/openai_tts/key': { json: removed } } });
    await screen.findByTestId('services-configured');
    await user.click(within(card('openai_tts')).getByRole('button', { name: 'Entfernen' }));
    let dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('OpenAI TTS');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(api.callsTo('DELETE /api/admin/services/openai_tts/key')).toHaveLength(0);

    await user.click(within(card('openai_tts')).getByRole('button', { name: 'Entfernen' }));
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(within(card('openai_tts')).getByTestId('service-status')).toHaveTextContent('Fehlt'));
    expect(api.callsTo('DELETE /api/admin/services/openai_tts/key')[0].headers['x-requested-with']).toBe('stimmwerk');
    expect(within(card('openai_tts')).queryByRole('button', { name: 'Entfernen' })).not.toBeInTheDocument();
    expect(screen.getByTestId('services-configured')).toHaveTextContent('3/7 konfiguriert');
  });

  it('shows the German result of a connection test', async () => {
    const results: Record<string, MockHandler> = {
      'POST /api/admin/services/openai_tts/test': { json: { ok: true, message: 'Verbindung erfolgreich.' } },
      'POST /api/admin/services/gemini_tts/test': { json: { ok: false, message: 'Der Schlüssel wurde abgelehnt (401).' } },
    };
    const { user, api } = setup({ extra: results });
    await screen.findByTestId('services-configured');
    await user.click(within(card('openai_tts')).getByTestId('service-test'));
    expect(await screen.findByText('Verbindung erfolgreich.')).toBeInTheDocument();
    await user.click(within(card('gemini_tts')).getByTestId('service-test'));
    expect(await screen.findByText('Der Schlüssel wurde abgelehnt (401).')).toBeInTheDocument();
    const errorToast = screen.getByText('Der Schlüssel wurde abgelehnt (401).').closest('[data-sonner-toast]');
    expect(errorToast).toHaveAttribute('data-type', 'error');
    const okToast = screen.getByText('Verbindung erfolgreich.').closest('[data-sonner-toast]');
    expect(okToast).toHaveAttribute('data-type', 'success');
    expect(api.callsTo('POST /api/admin/services/openai_tts/test')[0].headers['x-requested-with']).toBe('stimmwerk');
  });

  it('keeps an empty category visible with zero', async () => {
    const data: ServicesResponse = makeServicesResponse([makeService({ id: 'openai_tts', name: 'OpenAI TTS' })]);
    const { user } = setup({ data });
    await screen.findByTestId('services-configured');
    expect(screen.getByTestId('services-configured')).toHaveTextContent('0/1 konfiguriert');
    const payment = screen.getAllByTestId('category-card')[2];
    expect(within(payment).getByTestId('category-total')).toHaveTextContent('0');
    await user.click(payment);
    expect(screen.getByText('Keine Dienste in dieser Kategorie.')).toBeInTheDocument();
  });
});

describe('API settings: access', () => {
  it('sends non-admins to /dashboard without asking the server', async () => {
    const api = mockApi({ 'GET /api/me': { json: makeUser({ role: 'user' }) } });
    renderApp('/admin/api-settings');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(api.callsTo('GET /api/admin/services')).toHaveLength(0);
  });
});

describe('API settings: gate input', () => {
  it('submits with Enter', async () => {
    setup({ unlocked: false });
    const password = await gate();
    fireEvent.change(password, { target: { value: 'richtig-123' } });
    fireEvent.submit(password.closest('form')!);
    expect(await screen.findByTestId('services-configured')).toBeInTheDocument();
  });
});
