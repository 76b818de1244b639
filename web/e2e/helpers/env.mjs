// Settings of the end-to-end tests, read from the environment (see web/README.md).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const e2eDir = path.resolve(here, '..');

/** Where the API serves web/dist and /api (required; the browser tests skip without it). */
export const BASE_URL = process.env.BASE_URL?.replace(/\/+$/, '');
/** The folder the API writes confirmation e-mails to; default ../data/outbox relative to web/. */
export const OUTBOX_DIR = path.resolve(process.env.OUTBOX_DIR ?? path.join(e2eDir, '..', '..', 'data', 'outbox'));
/** Browser binary (never downloaded). */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(e2eDir, 'screenshots');

/** `skip` option of the browser test suites. */
export const skip = BASE_URL ? false : 'BASE_URL is not set (e.g. BASE_URL=http://127.0.0.1:8080)';
