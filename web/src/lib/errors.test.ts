import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { ApiError } from './api-client';
import { errorMessage, errorSummary, errorTitle, RETRY_HINT, serverMessage, toastError } from './errors';

const apiError = new ApiError({ status: 409, code: 'conflict', title: 'Konflikt', message: 'Der Name ist vergeben.' });

afterEach(() => vi.restoreAllMocks());

describe('errorMessage', () => {
  it("is the server's message of an API error", () => {
    expect(errorMessage(apiError)).toBe('Der Name ist vergeben.');
    expect(errorMessage(apiError, 'Anders.')).toBe('Der Name ist vergeben.');
  });

  it('falls back to the retry hint, or the given fallback, for anything else', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(RETRY_HINT);
    expect(errorMessage('kaputt', 'Die Vorschau ist gerade nicht möglich.')).toBe('Die Vorschau ist gerade nicht möglich.');
  });
});

describe('serverMessage', () => {
  it("is the server's message, or nothing", () => {
    expect(serverMessage(apiError)).toBe('Der Name ist vergeben.');
    expect(serverMessage(null)).toBeUndefined();
    expect(serverMessage(new Error('x'))).toBeUndefined();
  });
});

describe('errorTitle', () => {
  it("is the server's title, or the fallback", () => {
    expect(errorTitle(apiError, 'Speichern fehlgeschlagen')).toBe('Konflikt');
    expect(errorTitle(new Error('x'), 'Speichern fehlgeschlagen')).toBe('Speichern fehlgeschlagen');
  });
});

describe('errorSummary', () => {
  it("is the server's title and message in one line, or the retry hint", () => {
    expect(errorSummary(apiError)).toBe('Konflikt: Der Name ist vergeben.');
    expect(errorSummary(undefined)).toBe(RETRY_HINT);
  });
});

describe('toastError', () => {
  it("shows the server's title and message, or the fallback title and the retry hint", () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(1);
    toastError(apiError, 'Löschen fehlgeschlagen');
    toastError(new Error('offline'), 'Löschen fehlgeschlagen');
    expect(error.mock.calls).toEqual([
      ['Konflikt', { id: 'Löschen fehlgeschlagen', description: 'Der Name ist vergeben.' }],
      ['Löschen fehlgeschlagen', { id: 'Löschen fehlgeschlagen', description: RETRY_HINT }],
    ]);
  });

  it('gives a repeat of the same failure one id, so the new toast replaces the old', () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(1);
    toastError(apiError, 'Löschen fehlgeschlagen');
    toastError(apiError, 'Speichern fehlgeschlagen', 'profile-save');
    expect(error.mock.calls.map(([, options]) => options?.id)).toEqual(['Löschen fehlgeschlagen', 'profile-save']);
  });
});
