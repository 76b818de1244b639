import { z } from 'zod';

// zod 4 probes `new Function` for its JIT parser when a schema is built, which the
// Content-Security-Policy forbids (a console error on every page with a form); the
// interpreter is fast enough here. main.tsx imports this module first, so it runs before
// any module that builds a schema at load time (e.g. the site gate's in the first chunk).
z.config({ jitless: true });
