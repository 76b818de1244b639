import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeTransaction, makeTransactionPage, makeUser } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Stimmwerk:erika%40example.de?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Stimmwerk',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="10" height="10"/></svg>',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const WRONG_CODE = apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen Sie Ihre Eingaben.', {
  code: 'Der Code stimmt nicht. Bitte geben Sie den aktuellen Code aus Ihrer App ein.',
});

function setup({ enabled = false, extra = {} as Record<string, MockHandler> } = {}) {
  const api = mockApi({
    'GET /api/me': { json: makeUser() },
    'GET /api/account/sessions': { json: [makeSession()] },
    'GET /api/account/transactions': { json: makeTransactionPage([makeTransaction()]) },
    'GET /api/account/two-factor': { json: { enabled } },
    ...extra,
  });
  return { api, ...renderApp('/dashboard/account#zwei-faktor') };
}

async function card() {
  const region = await screen.findByTestId('two-factor-card', {}, { timeout: 5000 });
  expect(region).toHaveAttribute('id', 'zwei-faktor');
  expect(within(region).getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).toBeInTheDocument();
  return region;
}

describe('account page: two-factor sign-in', () => {
  it('sets up with the QR code and the key, enables with a code and the password and shows the recovery codes once', async () => {
    let enabled = false;
    const { api, user } = setup({
      extra: {
        'GET /api/account/two-factor': () => ({ json: { enabled } }),
        'POST /api/account/two-factor/setup': { json: SETUP },
        'POST /api/account/two-factor/enable': () => {
          enabled = true;
          return { json: { codes: CODES } };
        },
      },
    });
    const region = await card();
    expect(await within(region).findByTestId('two-factor-status')).toHaveTextContent('Ausgeschaltet');
    await user.click(within(region).getByRole('button', { name: 'Einrichten' }));

    const qr = await within(region).findByRole('img', { name: /QR-Code/ });
    const src = qr.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(atob(src.split(',')[1])).toBe(SETUP.qr_svg);
    expect(within(region).getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.click(within(region).getByRole('button', { name: 'Schlüssel kopieren' }));
    expect(await navigator.clipboard.readText()).toBe(SETUP.secret);

    const field = within(region).getByLabelText('Code aus der App');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    const password = within(region).getByLabelText('Aktuelles Passwort');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.click(within(region).getByRole('button', { name: 'Einschalten' }));
    expect(await within(region).findByText('Bitte geben Sie den Code aus Ihrer App ein.')).toBeInTheDocument();
    expect(within(region).getByText('Bitte geben Sie Ihr aktuelles Passwort ein.')).toBeInTheDocument();
    await user.type(field, '123 456');
    await user.click(within(region).getByRole('button', { name: 'Einschalten' }));
    expect(await within(region).findByText('Bitte geben Sie Ihr aktuelles Passwort ein.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/account/two-factor/enable')).toHaveLength(0);
    await user.type(password, 'richtig-123');
    await user.click(within(region).getByRole('button', { name: 'Einschalten' }));

    const codes = await within(region).findByTestId('recovery-codes');
    expect(api.callsTo('POST /api/account/two-factor/enable')[0].body).toEqual({ code: '123456', password: 'richtig-123' });
    expect(within(codes).getAllByTestId('recovery-code').map((li) => li.textContent)).toEqual(CODES);
    expect(codes).toHaveTextContent('Diese Codes werden nur dieses eine Mal angezeigt.');
    // The session and the status are read again (the session now has its second factor).
    await waitFor(() => expect(api.callsTo('GET /api/me').length).toBeGreaterThan(1));
    await waitFor(() => expect(api.callsTo('GET /api/account/two-factor').length).toBeGreaterThan(1));
    // Still on screen after the status turned "on" underneath.
    expect(within(region).getByTestId('recovery-codes')).toBeInTheDocument();

    await user.click(within(codes).getByRole('button', { name: 'Codes kopieren' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    const createObjectURL = vi.fn(() => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await user.click(within(codes).getByRole('button', { name: 'Als Textdatei herunterladen' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(names).toEqual(['stimmwerk-wiederherstellungscodes.txt']);

    await user.click(within(codes).getByRole('button', { name: 'Ich habe die Codes gesichert' }));
    expect(await within(region).findByTestId('two-factor-status')).toHaveTextContent('Eingeschaltet');
    expect(within(region).queryByTestId('recovery-code')).not.toBeInTheDocument();
  });

  it('puts a wrong code under the field and clears it', async () => {
    const { user } = setup({
      extra: { 'POST /api/account/two-factor/setup': { json: SETUP }, 'POST /api/account/two-factor/enable': WRONG_CODE },
    });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Einrichten' }));
    const field = await within(region).findByLabelText('Code aus der App');
    await user.type(field, '000000');
    await user.type(within(region).getByLabelText('Aktuelles Passwort'), 'richtig-123');
    await user.click(within(region).getByRole('button', { name: 'Einschalten' }));
    expect(await within(region).findByText(/Der Code stimmt nicht/)).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(region).getByLabelText('Aktuelles Passwort')).toHaveValue('richtig-123');
    expect(within(region).queryByTestId('recovery-codes')).not.toBeInTheDocument();
  });

  it('puts a wrong password under its field, and says when there were too many', async () => {
    let tries = 0;
    const { user } = setup({
      extra: {
        'POST /api/account/two-factor/setup': { json: SETUP },
        'POST /api/account/two-factor/enable': () => {
          tries += 1;
          return tries === 1
            ? apiError(422, 'validation', 'Ungültige Eingabe', 'Das aktuelle Passwort ist falsch.', { password: 'Das aktuelle Passwort ist falsch.' })
            : apiError(429, 'rate_limited', 'Zu viele Versuche', 'Zu viele Versuche. Bitte warten Sie etwa 15 Minuten.');
        },
      },
    });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Einrichten' }));
    const password = await within(region).findByLabelText('Aktuelles Passwort');
    await user.type(within(region).getByLabelText('Code aus der App'), '123456');
    await user.type(password, 'falsch-123');
    await user.click(within(region).getByRole('button', { name: 'Einschalten' }));
    expect(await within(region).findByText('Das aktuelle Passwort ist falsch.')).toBeInTheDocument();
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(password).toHaveFocus());

    await user.type(within(region).getByLabelText('Code aus der App'), '654321');
    await user.type(password, 'nochmal-123');
    await user.click(within(region).getByRole('button', { name: 'Einschalten' }));
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Zu viele Versuche. Bitte warten Sie etwa 15 Minuten.');
    expect(within(region).queryByTestId('recovery-codes')).not.toBeInTheDocument();
  });

  it('says plainly when the server has no two-factor sign-in set up (409 unavailable)', async () => {
    const { user } = setup({
      extra: {
        'POST /api/account/two-factor/setup': apiError(
          409,
          'unavailable',
          'Nicht verfügbar',
          'Die Zwei-Faktor-Anmeldung ist auf diesem Server nicht eingerichtet.',
        ),
      },
    });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Einrichten' }));
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Nicht verfügbar');
    expect(alert).toHaveTextContent('Die Zwei-Faktor-Anmeldung ist auf diesem Server nicht eingerichtet.');
    expect(within(region).queryByTestId('two-factor-setup')).not.toBeInTheDocument();
  });

  it('switches off after the password and a code, with server field errors first', async () => {
    let enabled = true;
    let tries = 0;
    const { api, user } = setup({
      extra: {
        'GET /api/account/two-factor': () => ({ json: { enabled } }),
        'DELETE /api/account/two-factor': () => {
          tries += 1;
          if (tries === 1) return apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen.', { password: 'Das aktuelle Passwort ist falsch.' });
          enabled = false;
          return { status: 204 };
        },
      },
    });
    const region = await card();
    expect(await within(region).findByTestId('two-factor-status')).toHaveTextContent('Eingeschaltet');
    await user.click(within(region).getByRole('button', { name: 'Ausschalten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zwei-Faktor-Anmeldung ausschalten?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ausschalten' }));
    expect(await within(dialog).findByText('Bitte geben Sie Ihr Passwort ein.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/account/two-factor')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Passwort'), 'falsch-123');
    await user.type(within(dialog).getByLabelText('Code aus der App'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Ausschalten' }));
    expect(await within(dialog).findByText('Das aktuelle Passwort ist falsch.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Passwort'));
    await user.type(within(dialog).getByLabelText('Passwort'), 'richtig-123');
    await user.type(within(dialog).getByLabelText('Code aus der App'), 'abcde-fghjk');
    await user.click(within(dialog).getByRole('button', { name: 'Ausschalten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/account/two-factor')[1].body).toEqual({ password: 'richtig-123', code: 'abcde-fghjk' });
    expect(await screen.findByText('Zwei-Faktor-Anmeldung ausgeschaltet')).toBeInTheDocument();
    expect(await within(region).findByTestId('two-factor-status')).toHaveTextContent('Ausgeschaltet');
  });
});
