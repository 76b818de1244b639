// Reads the confirmation e-mails that the API writes to its outbox folder (lettre
// FileTransport: one .eml file per mail, text/plain body in 7bit, quoted-printable
// or base64).
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Splits a raw message into unfolded headers (lower-case names) and the body. */
export function parseEml(raw) {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split + 2);
  const headers = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return { headers, body };
}

/** Decodes a quoted-printable body (soft line breaks, =XX bytes) as UTF-8. */
export function decodeQuotedPrintable(input) {
  const joined = input.replace(/\r\n/g, '\n').replace(/=\n/g, '');
  const bytes = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i];
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export function decodeBase64(input) {
  return Buffer.from(input.replace(/\s+/g, ''), 'base64').toString('utf8');
}

/** The decoded text body of a message, whatever its transfer encoding. */
export function decodeBody({ headers, body }) {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return decodeBase64(body);
  return body;
}

/** Decodes RFC 2047 encoded words (=?utf-8?b?...?= / =?utf-8?q?...?=) of a header. */
export function decodeHeader(value = '') {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_, _charset, kind, data) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The token of the confirmation link in a decoded body, or null. */
export function findConfirmationToken(text) {
  const match = /\/api\/auth\/confirm\?token=([A-Za-z0-9._~%+-]+)/.exec(text);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The token of the sign-in link (`/api/auth/login-link?token=…`) in a decoded body, or null. */
export function findLoginLinkToken(text) {
  const match = /\/api\/auth\/login-link\?token=([A-Za-z0-9._~%+-]+)/.exec(text);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The token of the password reset link (the web page `/auth/reset?token=…`) in a decoded body, or null. */
export function findPasswordResetToken(text) {
  const match = /\/auth\/reset\?token=([A-Za-z0-9._~%+-]+)/.exec(text);
  return match ? decodeURIComponent(match[1]) : null;
}

function addressMatches(toHeader, email) {
  const wanted = email.toLowerCase();
  const addresses = decodeHeader(toHeader)
    .toLowerCase()
    .match(/[^\s<>,;"']+@[^\s<>,;"']+/g);
  return !!addresses?.includes(wanted);
}

/** Waits until at least `count` mails to `email` are in `outboxDir`; returns their decoded bodies. */
export async function waitForMailCount(outboxDir, email, count, { timeoutMs = 20_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let bodies = [];
  while (Date.now() < deadline) {
    bodies = [];
    try {
      for (const name of (await readdir(outboxDir)).filter((n) => n.endsWith('.eml'))) {
        const mail = parseEml(await readFile(path.join(outboxDir, name), 'utf8'));
        if (addressMatches(mail.headers.to ?? '', email)) bodies.push(decodeBody(mail));
      }
    } catch {
      /* the folder may not exist yet */
    }
    if (bodies.length >= count) return bodies;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${bodies.length} of ${count} mails to ${email} in ${outboxDir} after ${timeoutMs} ms`);
}

/**
 * Waits until a mail to `email` shows up in `outboxDir` and returns its confirmation
 * token. Polls every 250 ms up to `timeoutMs`.
 */
export async function waitForConfirmationToken(outboxDir, email, { timeoutMs = 20_000, notBefore = 0 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError = null;
  while (Date.now() < deadline) {
    try {
      const names = (await readdir(outboxDir)).filter((n) => n.endsWith('.eml'));
      for (const name of names) {
        const file = path.join(outboxDir, name);
        if ((await stat(file)).mtimeMs < notBefore) continue;
        const mail = parseEml(await readFile(file, 'utf8'));
        if (!addressMatches(mail.headers.to ?? '', email)) continue;
        const token = findConfirmationToken(decodeBody(mail));
        if (token) return { token, file, subject: decodeHeader(mail.headers.subject) };
        lastError = new Error(`Mail ${file} to ${email} contains no confirmation link`);
      }
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `No confirmation mail to ${email} in ${outboxDir} after ${timeoutMs} ms${lastError ? ` (${lastError.message})` : ''}`,
  );
}

/**
 * Waits until the newest mail to `email` in `outboxDir` (written at or after `notBefore`)
 * carries a link that `findToken` recognises and returns its token. Older mails (e.g. a
 * previous link) are ignored once a newer one is there. Polls every 250 ms up to `timeoutMs`.
 */
export async function waitForNewestLinkToken(outboxDir, email, findToken, what, { timeoutMs = 20_000, notBefore = 0 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError = null;
  while (Date.now() < deadline) {
    try {
      const mails = [];
      for (const name of (await readdir(outboxDir)).filter((n) => n.endsWith('.eml'))) {
        const file = path.join(outboxDir, name);
        const { mtimeMs } = await stat(file);
        if (mtimeMs < notBefore) continue;
        const mail = parseEml(await readFile(file, 'utf8'));
        if (addressMatches(mail.headers.to ?? '', email)) mails.push({ file, mtimeMs, mail });
      }
      mails.sort((a, b) => b.mtimeMs - a.mtimeMs);
      const newest = mails[0];
      if (newest) {
        const token = findToken(decodeBody(newest.mail));
        if (token) return { token, file: newest.file, subject: decodeHeader(newest.mail.headers.subject) };
        lastError = new Error(`The newest mail to ${email} (${newest.file}) contains no ${what}`);
      }
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No ${what} mail to ${email} in ${outboxDir} after ${timeoutMs} ms${lastError ? ` (${lastError.message})` : ''}`);
}

/** The token of the newest sign-in link mail to `email` (see `waitForNewestLinkToken`). */
export function waitForLoginLinkToken(outboxDir, email, options) {
  return waitForNewestLinkToken(outboxDir, email, findLoginLinkToken, 'sign-in link', options);
}

/** The token of the newest password reset mail to `email` (see `waitForNewestLinkToken`). */
export function waitForPasswordResetToken(outboxDir, email, options) {
  return waitForNewestLinkToken(outboxDir, email, findPasswordResetToken, 'password reset link', options);
}
