import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, openGateState, unauthenticated } from '@/testing/mock-api';
import { makeUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/test-utils';

const WRONG = 'Falsches Passwort. Bitte versuchen Sie es erneut.';
const locked = (secs: number) => `Zu viele fehlgeschlagene Versuche. Warten Sie ${secs} Sekunden.`;
const PASSWORD = 'richtig-123';

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A fake server with the site password: three wrong tries lock the client for 30 s. */
function gatedServer({ failures = 0, lockedSecs = 0 } = {}) {
  let state = { failures, lockedUntil: lockedSecs > 0 ? Date.now() + lockedSecs * 1000 : 0, unlocked: false };
  const remaining = () => Math.max(0, Math.ceil((state.lockedUntil - Date.now()) / 1000));
  const gateState = () => {
    if (state.lockedUntil && remaining() === 0) state = { ...state, failures: 0, lockedUntil: 0 };
    return { required: true, unlocked: state.unlocked, failures: state.failures, max_failures: 3, locked_secs: remaining() };
  };
  const wait = () => ({
    ...apiError(429, 'site_gate_wait', 'Zu viele Fehlversuche', locked(remaining())),
    headers: { 'Retry-After': String(remaining()) },
  });
  const api = mockApi({
    'GET /api/site-gate': () => ({ json: gateState() }),
    'POST /api/site-gate': (req) => {
      gateState();
      if (remaining() > 0) return wait();
      if ((req.body as { password: string }).password === PASSWORD) {
        state = { ...state, unlocked: true, failures: 0 };
        return { status: 204 };
      }
      state = { ...state, failures: state.failures + 1 };
      if (state.failures >= 3) {
        state = { ...state, lockedUntil: Date.now() + 30_000 };
        return wait();
      }
      return apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen Sie Ihre Eingaben.', { password: WRONG });
    },
    'GET /api/me': () => (state.unlocked ? unauthenticated() : apiError(403, 'site_locked', 'Gesperrt', 'Bitte Passwort eingeben.')),
  });
  return api;
}

async function gate() {
  return screen.findByLabelText('Passwort', { selector: 'input' });
}

/** The landing page's header navigation (a visitor on `/`). */
function landing() {
  return screen.findByRole('navigation', { name: 'Kopfnavigation' }, { timeout: 5_000 });
}

async function enter(user: ReturnType<typeof renderApp>['user'], password: string) {
  await user.type(await gate(), password);
  await user.click(screen.getByTestId('site-gate-submit'));
}

describe('site password gate', () => {
  it('shows the loading screen while the gate state loads, then the app of an open site', async () => {
    let release: () => void = () => undefined;
    mockApi({
      'GET /api/site-gate': () => new Promise<void>((r) => (release = r)).then(() => ({ json: openGateState() })),
      'GET /api/me': unauthenticated(),
    });
    renderApp('/');
    expect(await screen.findByText('Lädt...')).toBeInTheDocument();
    release();
    expect(await landing()).toBeInTheDocument();
    expect(screen.queryByTestId('site-gate-password')).not.toBeInTheDocument();
  });

  it('shows the gate before every page of a locked site, and nothing of the app', async () => {
    const api = gatedServer();
    const { user } = renderApp('/dashboard/tts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zugang geschützt' })).toBeInTheDocument();
    expect(screen.getByText(/nur mit Passwort erreichbar/)).toBeInTheDocument();
    expect(document.title).toBe('Zugang geschützt – Stimmwerk');
    const password = await gate();
    await waitFor(() => expect(password).toHaveFocus());
    expect(screen.getByTestId('site-gate-submit')).toBeDisabled();
    expect(screen.getByTestId('site-gate-submit')).toHaveTextContent('Zugang gewähren');
    expect(screen.getByTestId('site-gate-failures')).toHaveTextContent('Fehlversuche: 0/3');
    expect(api.callsTo('GET /api/me')).toHaveLength(0);

    // Show/hide toggle.
    await user.type(password, 'geheim');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Passwort verbergen' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByTestId('site-gate-submit')).toBeEnabled();
  });

  it('says a wrong password, counts it and clears the field', async () => {
    const api = gatedServer();
    const { user } = renderApp('/');
    await enter(user, 'falsch');
    expect(await screen.findByText(WRONG)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('site-gate-failures')).toHaveTextContent('Fehlversuche: 1/3'));
    const password = await gate();
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.getByTestId('site-gate-submit')).toBeDisabled();
    const [call] = api.callsTo('POST /api/site-gate');
    expect(call.body).toEqual({ password: 'falsch' });
    expect(call.headers['x-requested-with']).toBe('stimmwerk');

    await enter(user, 'auch-falsch');
    await waitFor(() => expect(screen.getByTestId('site-gate-failures')).toHaveTextContent('Fehlversuche: 2/3'));
    expect(screen.getByText(WRONG)).toBeInTheDocument();
  });

  it('locks after the third wrong try and starts over after the wait', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = gatedServer({ failures: 2 });
    const { user } = renderApp('/');
    await waitFor(async () => expect(screen.getByTestId('site-gate-failures')).toHaveTextContent('Fehlversuche: 2/3'));
    await enter(user, 'falsch-3');
    expect(await screen.findByText(locked(30))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('site-gate-failures')).toHaveTextContent('Fehlversuche: 3/3'));
    const password = await gate();
    expect(password).toBeDisabled();
    expect(screen.getByTestId('site-gate-submit')).toBeDisabled();
    expect(screen.getByTestId('site-gate-submit')).toHaveTextContent('Gesperrt...');
    expect(screen.getByRole('button', { name: 'Passwort anzeigen' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(28_000));
    expect(password).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(screen.getByTestId('site-gate-failures')).toHaveTextContent('Fehlversuche: 0/3'));
    expect(await gate()).toBeEnabled();
    expect(screen.queryByText(/Zu viele fehlgeschlagene Versuche/)).not.toBeInTheDocument();
    expect(screen.getByTestId('site-gate-submit')).toHaveTextContent('Zugang gewähren');
    expect(api.callsTo('POST /api/site-gate')).toHaveLength(1);
  });

  it('shows a lock still running when the page opens', async () => {
    gatedServer({ failures: 3, lockedSecs: 12 });
    renderApp('/');
    expect(await screen.findByText(locked(12))).toBeInTheDocument();
    expect(await gate()).toBeDisabled();
    expect(screen.getByTestId('site-gate-submit')).toHaveTextContent('Gesperrt...');
    expect(screen.getByTestId('site-gate-failures')).toHaveTextContent('Fehlversuche: 3/3');
  });

  it('opens the app after the right password', async () => {
    const api = gatedServer({ failures: 1 });
    const { user } = renderApp('/');
    await enter(user, PASSWORD);
    expect(await landing()).toBeInTheDocument();
    expect(screen.queryByTestId('site-gate-password')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/me').length).toBeGreaterThan(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('continues a mail link (?next=/api/auth/…) after the right password', async () => {
    gatedServer();
    const { user } = renderApp(`/?next=${encodeURIComponent('/api/auth/confirm?token=abc')}`);
    await enter(user, PASSWORD);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/auth/confirm?token=abc'));
  });

  it('ignores a next target that is no mail link of this site', async () => {
    gatedServer();
    const { user } = renderApp(`/?next=${encodeURIComponent('https://example.com/api/auth/x')}`);
    await enter(user, PASSWORD);
    expect(await landing()).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the gate again when a request answers 403 site_locked', async () => {
    let unlocked = true;
    const api = mockApi({
      'GET /api/site-gate': () => ({ json: { ...openGateState(), required: true, unlocked } }),
      'GET /api/me': { json: makeUser() },
    });
    const { queryClient } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    // The site password changed: the server refuses the next read.
    unlocked = false;
    api.on('GET /api/me', apiError(403, 'site_locked', 'Zugang gesperrt', 'Bitte geben Sie das Zugangspasswort ein.'));
    await act(() => queryClient.refetchQueries({ queryKey: ['auth', 'me'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zugang geschützt' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/site-gate')).toHaveLength(2);
  });

  it('says when the gate state cannot be read, with a retry', async () => {
    const api = mockApi({
      'GET /api/site-gate': apiError(500, 'internal', 'Serverfehler', 'Auf dem Server ist ein Fehler aufgetreten.'),
      'GET /api/me': unauthenticated(),
    });
    const { user } = renderApp('/');
    expect(await screen.findByText('Die Seite konnte nicht geladen werden')).toBeInTheDocument();
    api.on('GET /api/site-gate', { json: openGateState() });
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await landing()).toBeInTheDocument();
  });
});
