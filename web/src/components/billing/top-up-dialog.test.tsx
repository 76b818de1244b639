import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingOptions } from '@/lib/billing';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { TOP_UPS_DISABLED_TEXT } from './top-up-dialog';
import { TopUpButton } from './top-up-button';

const FEE_NOTE = 'Kartenzahlung über Stripe; Gebühr 1,4 % + 0,25 € pro Zahlung (trägt Stimmwerk).';
const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_1';

function billing(overrides: Partial<BillingOptions> = {}): BillingOptions {
  return { enabled: true, suggested_cent: [500, 1000, 2000, 5000], min_cent: 500, max_cent: 50000, fee_note: FEE_NOTE, ...overrides };
}

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});

afterEach(() => vi.unstubAllGlobals());

async function openDialog(options = billing()) {
  const api = mockApi({
    'GET /api/billing': { json: options },
    'POST /api/billing/checkout': (req) => ({
      status: 201,
      json: { top_up_id: 't-1', checkout_url: `${CHECKOUT_URL}?a=${(req.body as { amount_cent: number }).amount_cent}` },
    }),
  });
  const view = renderWithProviders(<TopUpButton />);
  await view.user.click(screen.getByRole('button', { name: 'Aufladen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Guthaben aufladen' });
  return { api, dialog: within(dialog), ...view };
}

describe('top-up dialog', () => {
  it('offers the suggested amounts with the fee note, sends the chosen cents and goes to the payment page', async () => {
    const { api, dialog, user } = await openDialog();
    const radios = await dialog.findAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual(['5,00 €', '10,00 €', '20,00 €', '50,00 €', 'Anderer Betrag']);
    expect(dialog.getByText(FEE_NOTE)).toBeInTheDocument();

    await user.click(dialog.getByRole('radio', { name: '20,00 €' }));
    expect(dialog.getByRole('radio', { name: '20,00 €' })).toHaveAttribute('aria-checked', 'true');
    await user.click(dialog.getByRole('button', { name: 'Weiter zur Zahlung' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${CHECKOUT_URL}?a=2000`));
    const [call] = api.callsTo('POST /api/billing/checkout');
    expect(call.body).toEqual({ amount_cent: 2000 });
    expect(call.headers['x-requested-with']).toBe('stimmwerk');
  });

  it('accepts a custom amount with a decimal comma', async () => {
    const { api, dialog, user } = await openDialog();
    await user.click(await dialog.findByRole('radio', { name: 'Anderer Betrag' }));
    await user.type(dialog.getByLabelText('Eigener Betrag in Euro'), '12,50');
    await user.click(dialog.getByRole('button', { name: 'Weiter zur Zahlung' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${CHECKOUT_URL}?a=1250`));
    expect(api.callsTo('POST /api/billing/checkout')[0].body).toEqual({ amount_cent: 1250 });
  });

  it.each(['4,99', '500,01', 'zehn'])('refuses the custom amount %s without asking the server', async (typed) => {
    const { api, dialog, user } = await openDialog();
    await user.click(await dialog.findByRole('radio', { name: 'Anderer Betrag' }));
    const input = dialog.getByLabelText('Eigener Betrag in Euro');
    await user.type(input, typed);
    await user.click(dialog.getByRole('button', { name: 'Weiter zur Zahlung' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(
      typed === 'zehn' ? 'Bitte geben Sie einen Betrag wie 25 oder 12,50 ein.' : 'Bitte wählen Sie einen Betrag zwischen 5,00 € und 500,00 €.',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/billing/checkout')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the server’s field message and its refusal inline', async () => {
    const { api, dialog, user } = await openDialog();
    api.on(
      'POST /api/billing/checkout',
      apiError(422, 'validation', 'Eingabe ungültig', 'Bitte prüfen Sie Ihre Eingaben.', {
        amount_cent: 'Bitte wählen Sie einen Betrag zwischen 5 € und 500 €.',
      }),
    );
    await user.click(await dialog.findByRole('button', { name: 'Weiter zur Zahlung' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Bitte wählen Sie einen Betrag zwischen 5 € und 500 €.');

    api.on(
      'POST /api/billing/checkout',
      apiError(409, 'unavailable', 'Nicht verfügbar', 'Aufladungen sind noch nicht eingerichtet. Bitte wenden Sie sich an den Support.'),
    );
    await user.click(dialog.getByRole('radio', { name: '5,00 €' }));
    await user.click(dialog.getByRole('button', { name: 'Weiter zur Zahlung' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Aufladungen sind noch nicht eingerichtet.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('says plainly that top-ups are not set up and offers no payment button', async () => {
    const { dialog } = await openDialog(billing({ enabled: false }));
    expect(await dialog.findByText(TOP_UPS_DISABLED_TEXT)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Weiter zur Zahlung' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('radio')).not.toBeInTheDocument();
    expect(dialog.queryByTestId('top-up-alternatives')).not.toBeInTheDocument();
  });

  it('offers the bank transfer and support address the operator configured, and admins the setup', async () => {
    const { dialog } = await openDialog(
      billing({
        enabled: false,
        support_email: 'zahlungen@example.de',
        bank_transfer: { account_holder: 'Stimmwerk GmbH', iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001', reference: 'Stimmwerk 1a2b3c4d' },
        admin_setup_hint: 'Hinterlegen Sie den geheimen Stripe-Schlüssel unter Admin → API-Einstellungen.',
      }),
    );
    const transfer = await dialog.findByTestId('bank-transfer');
    expect(transfer).toHaveTextContent('DE02 1203 0000 0000 2020 51');
    expect(within(transfer).getByTestId('bank-transfer-reference')).toHaveTextContent('Stimmwerk 1a2b3c4d');
    expect(dialog.getByRole('link', { name: 'zahlungen@example.de' })).toHaveAttribute('href', 'mailto:zahlungen@example.de');
    expect(dialog.getByTestId('billing-admin-hint')).toHaveTextContent('Admin → API-Einstellungen');
  });

  it('calls a failed payment "Zahlung fehlgeschlagen" whatever the server titled it', async () => {
    const { api, dialog, user } = await openDialog();
    api.on(
      'POST /api/billing/checkout',
      apiError(502, 'engine', 'Fehler bei der Audio-Generierung', 'Der Zahlungsdienst ist gerade nicht erreichbar.'),
    );
    await user.click(await dialog.findByRole('button', { name: 'Weiter zur Zahlung' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Zahlung fehlgeschlagen');
    expect(alert).toHaveTextContent('Der Zahlungsdienst ist gerade nicht erreichbar.');
    expect(alert).not.toHaveTextContent('Audio-Generierung');
  });
});
