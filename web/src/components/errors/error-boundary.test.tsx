import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

afterEach(() => vi.unstubAllGlobals());

let shouldThrow = true;
function Bomb() {
  if (shouldThrow) throw new Error('Kaputt gegangen');
  return <p>Alles gut</p>;
}

function Harness() {
  const [key] = useState(0);
  return (
    <ErrorBoundary resetKey={key}>
      <Bomb />
    </ErrorBoundary>
  );
}

describe('error boundary', () => {
  it('shows the fallback with id, message and actions, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    shouldThrow = true;
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render(<Harness />);

    expect(screen.getByRole('heading', { name: 'Unerwarteter Fehler' })).toBeInTheDocument();
    expect(screen.getByTestId('error-id').textContent).toMatch(/^ERR-[A-Z0-9]+-[A-Z0-9]+$/);
    expect(screen.getByText('Kaputt gegangen')).toBeInTheDocument();
    for (const name of ['Erneut versuchen', 'Seite neu laden', 'Zur Startseite', 'Fehlerdetails kopieren']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: 'Fehlerdetails kopieren' }));
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText.mock.calls[0][0]).toContain('Kaputt gegangen');
    expect(writeText.mock.calls[0][0]).toContain(screen.getByTestId('error-id').textContent);

    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(screen.getByText('Alles gut')).toBeInTheDocument();
  });
});
