import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { byteToIndex, PronunciationPreview } from './pronunciation-preview';

afterEach(() => vi.unstubAllGlobals());

describe('Vorschau der Aussprache', () => {
  it('converts the server byte places to string places (umlauts, €)', () => {
    const text = 'Für 12,50 € bitte';
    expect(text.slice(byteToIndex(text, 5), byteToIndex(text, 14))).toBe('12,50 €');
  });

  it('asks the server with the chosen voice and marks what changes', async () => {
    const typed = 'Am 3. Mai für 12,50 €.';
    const api = mockApi({
      'POST /api/pronunciation/preview': {
        json: {
          text: 'Am dritten Mai für zwölf Euro fünfzig.',
          changes: [
            { original: '3. Mai', spoken: 'dritten Mai', start: 3, end: 9, source: 'rule' },
            { original: '12,50 €', spoken: 'zwölf Euro fünfzig', start: 15, end: 24, source: 'dictionary' },
          ],
        },
      },
    });
    renderWithProviders(<PronunciationPreview text={typed} voiceId="v-1" language="de-DE" />);
    await userEvent.setup().click(screen.getByTestId('pronunciation-preview'));
    await waitFor(() => expect(screen.getAllByTestId('pronunciation-change')).toHaveLength(2));
    expect(api.callsTo('POST /api/pronunciation/preview')[0].body).toEqual({ text: typed, voice_id: 'v-1' });
    expect(screen.getByTestId('pronunciation-result')).toHaveTextContent('Am dritten Mai (geschrieben: 3. Mai) für zwölf Euro fünfzig (Wörterbuch: 12,50 €).');
  });

  it('cannot be asked for an empty text', () => {
    mockApi({});
    renderWithProviders(<PronunciationPreview text="  " voiceId="" language="de-DE" />);
    expect(screen.getByTestId('pronunciation-preview')).toBeDisabled();
  });
});
