/** Shapes of the live demo endpoints, from the generated API contract. */

import type { ApiDemoOverview } from '@/lib/api-types';
import type { Voice } from '@/lib/voices';

/** The demo lists only demo voices that can speak now, in the shape of `GET /api/voices`. */
export type DemoVoice = Voice;

/** `GET /api/demo`: today's tries, the text limit and the voices. */
export type DemoConfig = ApiDemoOverview;
