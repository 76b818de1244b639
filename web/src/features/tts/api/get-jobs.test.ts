import { describe, expect, it } from 'vitest';
import { makeJob } from '@/testing/fixtures';
import { jobsPollInterval } from './get-jobs';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const agedJob = (seconds: number, status: 'pending' | 'processing' | 'completed' | 'failed' = 'pending') =>
  makeJob({ status, created_at: new Date(NOW - seconds * 1000).toISOString() });

describe('jobsPollInterval', () => {
  it('does not poll when nothing runs', () => {
    expect(jobsPollInterval(undefined, NOW)).toBe(false);
    expect(jobsPollInterval([], NOW)).toBe(false);
    expect(jobsPollInterval([agedJob(1, 'completed'), agedJob(2, 'failed')], NOW)).toBe(false);
  });

  it('polls often for the first 4 s, every second until 10 s, then backs off', () => {
    expect(jobsPollInterval([agedJob(0)], NOW)).toBe(300);
    expect(jobsPollInterval([agedJob(3.9, 'processing')], NOW)).toBe(300);
    expect(jobsPollInterval([agedJob(4)], NOW)).toBe(1_000);
    expect(jobsPollInterval([agedJob(9, 'processing')], NOW)).toBe(1_000);
    expect(jobsPollInterval([agedJob(10)], NOW)).toBe(2_000);
    expect(jobsPollInterval([agedJob(59)], NOW)).toBe(2_000);
    expect(jobsPollInterval([agedJob(60)], NOW)).toBe(5_000);
  });

  it('follows the youngest running job', () => {
    expect(jobsPollInterval([agedJob(300), agedJob(6), agedJob(1, 'completed')], NOW)).toBe(1_000);
    expect(jobsPollInterval([agedJob(300), agedJob(2)], NOW)).toBe(300);
  });
});
