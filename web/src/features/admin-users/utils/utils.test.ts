import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit';
import { parseEuroToCents } from './money';
import { DEFAULT_SORT, nextSort } from './sort';

describe('nextSort', () => {
  it('starts at created_at descending, toggles the same column, starts a new one ascending', () => {
    expect(DEFAULT_SORT).toEqual({ column: 'created_at', direction: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'created_at')).toEqual({ column: 'created_at', direction: 'asc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'desc' }, 'organization')).toEqual({ column: 'organization', direction: 'asc' });
  });
});

describe('parseEuroToCents', () => {
  it.each([
    ['5', 500],
    ['+5,00', 500],
    ['5,5', 550],
    ['-2,50', -250],
    ['1.234,56', 123456],
    ['5.00', 500],
    ['12 €', 1200],
  ])('%s → %i', (input, cents) => expect(parseEuroToCents(input)).toBe(cents));

  it.each(['', 'abc', '1,234', '5,', '--5'])('refuses %j', (input) => expect(parseEuroToCents(input)).toBeNull());
});

describe('auditChanges', () => {
  it('lists only the fields that changed, and all of them for a creation', () => {
    expect(auditChanges({ name: 'A', disabled: false }, { name: 'A', disabled: true })).toEqual([
      { field: 'disabled', label: 'Anmeldung', before: 'erlaubt', after: 'gesperrt' },
    ]);
    expect(auditChanges(null, { role: 'admin' })).toEqual([{ field: 'role', label: 'Rolle', before: null, after: 'Administrator' }]);
  });
});
