import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTransactionPage, makeUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { TOP_UPS_DISABLED_TEXT } from '@/components/billing/top-up-dialog';
import { TOP_UP_CANCEL_TEXT, TOP_UP_SUCCESS_TEXT } from '../components/top-up-notice';

afterEach(() => vi.unstubAllGlobals());

function setup(path: string, balances: number[]) {
  let reads = 0;
  const api = mockApi({
    // Each read of the session answers the next balance (the last one stays).
    'GET /api/me': () => ({ json: makeUser({ balance_cent: balances[Math.min(reads++, balances.length - 1)] }) }),
    'GET /api/account/sessions': { json: [] },
    'GET /api/account/transactions': { json: makeTransactionPage([]) },
    'GET /api/billing': {
      json: { enabled: false, suggested_cent: [500, 1000, 2000, 5000], min_cent: 500, max_cent: 50000, fee_note: 'Gebühr' },
    },
  });
  return { api, ...renderApp(path) };
}

describe('account page: back from the payment page', () => {
  it('thanks after a payment and reads the balance again until the credit shows', async () => {
    const { api } = setup('/dashboard/account?topup=success', [100, 100, 1100]);
    const notice = await screen.findByTestId('top-up-notice');
    expect(notice).toHaveTextContent(TOP_UP_SUCCESS_TEXT);
    expect(screen.getByTestId('account-balance')).toHaveTextContent('1,00 €');
    // Read every 2 s: the credit from the webhook appears without a reload.
    await waitFor(() => expect(screen.getByTestId('account-balance')).toHaveTextContent('11,00 €'), { timeout: 10_000 });
    expect(api.callsTo('GET /api/me').length).toBeGreaterThanOrEqual(3);
  }, 15_000);

  it('says that nothing was charged after a cancelled payment, and does not poll', async () => {
    const { api } = setup('/dashboard/account?topup=cancel', [100]);
    expect(await screen.findByTestId('top-up-notice')).toHaveTextContent(TOP_UP_CANCEL_TEXT);
    expect(api.callsTo('GET /api/me')).toHaveLength(1);
  });

  it('shows no notice without ?topup, and "Aufladen" opens the dialog', async () => {
    const { user } = setup('/dashboard/account', [100]);
    await user.click(await screen.findByTestId('account-top-up'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Guthaben aufladen' }));
    expect(await dialog.findByText(TOP_UPS_DISABLED_TEXT)).toBeInTheDocument();
    expect(screen.queryByTestId('top-up-notice')).not.toBeInTheDocument();
  });
});
