import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VoicePicker, type VoicePickerVoice } from './voice-picker';

const voice = (overrides: Partial<VoicePickerVoice>): VoicePickerVoice => ({
  id: 'v1',
  key: 'local-de-jonas',
  name: 'Jonas',
  description: null,
  provider: 'local',
  gender: 'male',
  avatar: '/avatars/m1.svg',
  type: 'public',
  available: true,
  unavailable_reason: null,
  ...overrides,
});

function renderPicker(voices: VoicePickerVoice[]) {
  render(
    <VoicePicker
      voices={voices}
      providers={[{ value: 'local', label: 'Lokal' }]}
      value=""
      onChange={vi.fn()}
      filterActive={false}
      onResetFilter={vi.fn()}
    />,
  );
}

describe('VoicePicker', () => {
  it('shows each voice with its avatar, usable voices first', () => {
    renderPicker([
      voice({ id: 'v2', key: 'openai-de-nova', name: 'Nova', avatar: '/avatars/f1.svg', available: false, unavailable_reason: 'Kein Schlüssel' }),
      voice({}),
    ]);
    const options = screen.getAllByTestId('voice-option');
    expect(options.map((o) => o.getAttribute('data-voice-key'))).toEqual(['local-de-jonas', 'openai-de-nova']);
    expect(screen.getAllByTestId('voice-avatar').map((img) => img.getAttribute('src'))).toEqual([
      '/avatars/m1.svg',
      '/avatars/f1.svg',
    ]);
  });

  it('falls back to a microphone without an avatar', () => {
    renderPicker([voice({ avatar: null })]);
    expect(screen.queryByTestId('voice-avatar')).not.toBeInTheDocument();
  });

  it('shows the server reason of an unusable voice, or a neutral fallback', () => {
    renderPicker([
      voice({ id: 'v2', key: 'openai-de-nova', available: false, unavailable_reason: 'Derzeit nicht verfügbar.' }),
      voice({ id: 'v3', key: 'murf-de-x', available: false, unavailable_reason: null }),
    ]);
    const reasons = screen.getAllByTestId('voice-unavailable-reason').map((r) => r.textContent);
    expect(reasons).toEqual(['Derzeit nicht verfügbar.', 'Derzeit nicht verfügbar.']);
    expect(screen.getAllByTestId('voice-option').every((o) => (o as HTMLButtonElement).disabled)).toBe(true);
  });
});
