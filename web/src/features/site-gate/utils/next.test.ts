import { describe, expect, it } from 'vitest';
import { lockedMessage, mailLinkTarget } from './next';

describe('mailLinkTarget', () => {
  it('returns a mail link of this site', () => {
    expect(mailLinkTarget(`?next=${encodeURIComponent('/api/auth/confirm?token=a%2Bb')}`)).toBe('/api/auth/confirm?token=a%2Bb');
    expect(mailLinkTarget('?next=/api/auth/login-link?token=x')).toBe('/api/auth/login-link?token=x');
  });

  it.each(['', '?next=', '?next=/dashboard', '?next=//evil.example/api/auth/', '?next=https://evil.example/api/auth/x', '?next=/api/me'])(
    'ignores %s',
    (search) => expect(mailLinkTarget(search)).toBeNull(),
  );
});

it('says the wait in the server\'s words', () => {
  expect(lockedMessage(30)).toBe('Zu viele fehlgeschlagene Versuche. Warten Sie 30 Sekunden.');
});
