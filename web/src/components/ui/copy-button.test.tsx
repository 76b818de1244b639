import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { CopyButton } from './copy-button';

afterEach(() => vi.unstubAllGlobals());

describe('CopyButton', () => {
  it('keeps one confirmation however often it is pressed', async () => {
    mockApi();
    const writeText = vi.fn().mockResolvedValue(undefined);
    const { user } = renderWithProviders(<CopyButton value="sw_123" label="Schlüssel kopieren" copiedMessage="API Key kopiert" />);
    // user-event installs its own clipboard on setup: replace it after.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Schlüssel kopieren' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(3));
    expect(await screen.findByText('API Key kopiert')).toBeInTheDocument();
    expect(screen.getAllByText('API Key kopiert')).toHaveLength(1);
  });
});
