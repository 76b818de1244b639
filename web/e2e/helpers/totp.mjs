// RFC 6238 time-based one-time passwords (SHA-1, 6 digits, 30 s steps) with node:crypto,
// and a tracker of used time steps: the server accepts a step once, and one step ahead.
import { createHmac } from 'node:crypto';

export const STEP_SECONDS = 30;

/** RFC 4648 base32 (spaces and padding ignored) to bytes. */
export function base32Decode(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The 6-digit code of time step `step` for a base32 secret (RFC 4226 truncation). */
export function totpAt(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

export function currentStep(nowMs = Date.now()) {
  return Math.floor(nowMs / 1000 / STEP_SECONDS);
}

/**
 * A code for a step never used before: max(now, last + 1). The server accepts one step
 * ahead; further ahead, this waits for the next window. Returns `{ code, step }`.
 */
export async function freshCode(secret, lastStep = null) {
  let step = Math.max(currentStep(), lastStep === null ? 0 : lastStep + 1);
  while (step > currentStep() + 1) {
    const nextWindowMs = (currentStep() + 1) * STEP_SECONDS * 1000;
    await new Promise((resolve) => setTimeout(resolve, nextWindowMs - Date.now() + 200));
  }
  // Not too close to the end of the window either: the request needs a moment.
  step = Math.max(step, currentStep());
  return { code: totpAt(secret, step), step };
}
