import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { SubtitleDownload } from './subtitle-download';

afterEach(() => {
  vi.unstubAllGlobals();
});

const URL_BASE = '/api/jobs/j-1/subtitles';

describe('SubtitleDownload', () => {
  it('downloads SRT and WebVTT under the audio’s name', async () => {
    const api = mockApi({ [`GET ${URL_BASE}`]: { body: '1\n00:00:00,000 --> 00:00:01,000\nHallo\n', headers: { 'Content-Type': 'application/x-subrip' } } });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:subtitles');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderWithProviders(<SubtitleDownload url={URL_BASE} audioFileName="Hallo_Welt_.mp3" />);
    await user.click(screen.getByRole('button', { name: 'Untertitel (SRT)' }));
    await waitFor(() => expect(saved).toEqual(['Hallo_Welt_.srt']));
    await user.click(screen.getByRole('button', { name: 'Untertitel (WebVTT)' }));
    await waitFor(() => expect(saved).toEqual(['Hallo_Welt_.srt', 'Hallo_Welt_.vtt']));
    expect(api.callsTo(`GET ${URL_BASE}`).map((c) => c.url)).toEqual([`${URL_BASE}?format=srt`, `${URL_BASE}?format=vtt`]);
  });

  it('reports a failed download in one German toast with the server’s reason, however often it is tried', async () => {
    mockApi({ [`GET ${URL_BASE}`]: apiError(410, 'expired', 'Abgelaufen', 'Dieses Audio ist abgelaufen.') });
    const { user } = renderWithProviders(<SubtitleDownload url={URL_BASE} audioFileName="a.mp3" />);
    await user.click(screen.getByRole('button', { name: 'Untertitel (SRT)' }));
    expect(await screen.findByText('Download fehlgeschlagen')).toBeInTheDocument();
    expect(screen.getByText('Dieses Audio ist abgelaufen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Untertitel (WebVTT)' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText('Download fehlgeschlagen')).toHaveLength(1);
  });
});
