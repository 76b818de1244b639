// Checks the outbox mail reader used by the end-to-end test (runs without a server).
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';
import {
  decodeBody,
  decodeHeader,
  decodeQuotedPrintable,
  findConfirmationToken,
  findLoginLinkToken,
  findPasswordResetToken,
  parseEml,
  waitForConfirmationToken,
  waitForLoginLinkToken,
  waitForPasswordResetToken,
} from './helpers/mail.mjs';

const TOKEN = 'Zk3_x-9aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdEFGH';
const fixture = new URL('./fixtures/confirmation-qp.eml', import.meta.url);

test('decodes a quoted-printable lettre mail with a soft-wrapped link', async () => {
  const mail = parseEml(await readFile(fixture, 'utf8'));
  assert.equal(mail.headers.to, 'e2e-abc123@example.test');
  assert.equal(mail.headers['content-transfer-encoding'], 'quoted-printable');
  assert.equal(decodeHeader(mail.headers.subject), 'Bitte bestätigen Sie Ihre E-Mail-Adresse');
  const body = decodeBody(mail);
  assert.match(body, /vielen Dank für Ihre Registrierung/);
  assert.equal(findConfirmationToken(body), TOKEN);
  // Without decoding, the token would be wrong ("=3D" and the soft line break).
  assert.notEqual(findConfirmationToken(mail.body), TOKEN);
});

test('decodes a base64 body', () => {
  const text = `Hallo,\n\nBitte bestätigen: http://127.0.0.1:8080/api/auth/confirm?token=${TOKEN}\n`;
  const b64 = Buffer.from(text, 'utf8').toString('base64').replace(/(.{76})/g, '$1\r\n');
  const raw = `To: a@b.test\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${b64}\r\n`;
  assert.equal(findConfirmationToken(decodeBody(parseEml(raw))), TOKEN);
});

test('decodes quoted-printable escapes and soft breaks', () => {
  assert.equal(decodeQuotedPrintable('f=C3=BCr=\r\n Sie =3D ok'), 'für Sie = ok');
});

test('finds the mail of one recipient among several', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  try {
    const mail = (to, token) =>
      `From: x@y.test\r\nTo: ${to}\r\nContent-Transfer-Encoding: 7bit\r\n\r\nhttp://h/api/auth/confirm?token=${token}\r\n`;
    await writeFile(path.join(dir, 'a.eml'), mail('other@example.test', 'wrong'));
    await writeFile(path.join(dir, 'b.eml'), mail('"Name" <me@example.test>', 'right'));
    await writeFile(path.join(dir, 'b.json'), '{}');
    const found = await waitForConfirmationToken(dir, 'ME@example.test', { timeoutMs: 1000 });
    assert.equal(found.token, 'right');
    await assert.rejects(waitForConfirmationToken(dir, 'nobody@example.test', { timeoutMs: 300 }), /No confirmation mail/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('takes the sign-in link from the newest mail to the address', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  try {
    const mail = (to, url) => `From: x@y.test\r\nTo: ${to}\r\nContent-Transfer-Encoding: 7bit\r\n\r\n${url}\r\n`;
    const at = (file, seconds) => utimes(path.join(dir, file), seconds, seconds);
    await writeFile(path.join(dir, 'a.eml'), mail('me@example.test', 'http://h/api/auth/login-link?token=old'));
    await writeFile(path.join(dir, 'b.eml'), mail('me@example.test', 'http://h/api/auth/login-link?token=new'));
    await writeFile(path.join(dir, 'c.eml'), mail('other@example.test', 'http://h/api/auth/login-link?token=other'));
    await at('a.eml', 1_000_000_000);
    await at('b.eml', 1_000_000_100);
    await at('c.eml', 1_000_000_200);
    const found = await waitForLoginLinkToken(dir, 'ME@example.test', { timeoutMs: 1000 });
    assert.equal(found.token, 'new');
    assert.equal(findLoginLinkToken('http://h/api/auth/confirm?token=x'), null);
    // The newest mail is a confirmation mail: no sign-in link yet, so it keeps waiting.
    await writeFile(path.join(dir, 'd.eml'), mail('me@example.test', 'http://h/api/auth/confirm?token=x'));
    await assert.rejects(waitForLoginLinkToken(dir, 'me@example.test', { timeoutMs: 300 }), /contains no sign-in link/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('takes the password reset link (a web page, not /api) from the newest mail', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  try {
    const mail = (url) => `From: x@y.test\r\nTo: me@example.test\r\nContent-Transfer-Encoding: 7bit\r\n\r\n${url}\r\n`;
    await writeFile(path.join(dir, 'a.eml'), mail('http://h/api/auth/login-link?token=link'));
    await writeFile(path.join(dir, 'b.eml'), mail('http://h/auth/reset?token=reset%2Dme'));
    await utimes(path.join(dir, 'a.eml'), 1_000_000_000, 1_000_000_000);
    await utimes(path.join(dir, 'b.eml'), 1_000_000_100, 1_000_000_100);
    assert.equal((await waitForPasswordResetToken(dir, 'me@example.test', { timeoutMs: 1000 })).token, 'reset-me');
    assert.equal(findPasswordResetToken('http://h/api/auth/login-link?token=x'), null);
    await assert.rejects(
      waitForLoginLinkToken(dir, 'me@example.test', { timeoutMs: 300 }),
      /contains no sign-in link/,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
