import { describe, expect, it } from 'vitest';
import { retryLabel, statusLabel } from './job-status';

describe('retryLabel', () => {
  it('names the attempt a failing job is on, the same words while it waits and while it runs', () => {
    expect(retryLabel({ status: 'pending', attempts: 1 }, 3)).toBe('Wiederholung 2 von 3');
    expect(retryLabel({ status: 'processing', attempts: 2 }, 3)).toBe('Wiederholung 2 von 3');
    expect(retryLabel({ status: 'pending', attempts: 2 }, 3)).toBe('Wiederholung 3 von 3');
  });

  it('says nothing on a first attempt or a finished job', () => {
    expect(retryLabel({ status: 'pending', attempts: 0 }, 3)).toBeNull();
    expect(retryLabel({ status: 'processing', attempts: 1 }, 3)).toBeNull();
    expect(retryLabel({ status: 'failed', attempts: 3 }, 3)).toBeNull();
    expect(statusLabel('pending')).toBe('Wartend');
  });
});
