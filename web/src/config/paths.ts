/**
 * Every route of the web app, in one place: links (`to=`), redirects (`navigate(`,
 * `<Navigate>`) and the router's `path=` all read from here.
 */
export const paths = {
  home: '/',
  auth: '/auth',
  signup: '/auth?tab=signup',
  /** The sign-in tab with the "Passwort vergessen?" dialog open (asks for a new reset link). */
  forgotPassword: '/auth?forgot=1',
  /** The page the reset mail links to (`?token=…`). */
  resetPassword: '/auth/reset',
  /** The sign-in tab after a successful reset, with its notice. */
  passwordChanged: '/auth?reset=1',
  liveDemo: '/live-demo',
  dashboard: '/dashboard',
  tts: '/dashboard/tts',
  /** Long-form projects (audiobooks, courses): the list. */
  projects: '/dashboard/projects',
  /** One project's editor; the router's pattern, links use `projectPath(id)`. */
  project: '/dashboard/projects/:projectId',
  voiceCloning: '/dashboard/voice-cloning',
  /** The 7-step clone wizard. */
  voiceCloningNew: '/dashboard/voice-cloning/new',
  /** The wizard continuing the saved draft at once (the clone list's "Fortsetzen"). */
  voiceCloningResume: '/dashboard/voice-cloning/new?resume=1',
  knowledge: '/dashboard/knowledge',
  /** The pronunciation dictionary. */
  pronunciation: '/dashboard/aussprache',
  api: {
    root: '/dashboard/api',
    scripts: '/dashboard/api/scripts',
    settings: '/dashboard/api/settings',
    docs: '/dashboard/api/docs',
  },
  account: '/dashboard/account',
  /** The account page's "Zwei-Faktor-Anmeldung" card (the admin area needs it). */
  accountTwoFactor: '/dashboard/account#zwei-faktor',
  admin: {
    root: '/admin',
    users: '/admin/users',
    voices: '/admin/voices',
    apiSettings: '/admin/api-settings',
  },
} as const;

/** The search parameter of the project editor that names the open chapter (kept on reload). */
export const CHAPTER_PARAM = 'kapitel';

/** The editor of project `projectId`, optionally with a chapter open. */
export function projectPath(projectId: string, chapterId?: string): string {
  const path = paths.project.replace(':projectId', encodeURIComponent(projectId));
  return chapterId ? `${path}?${CHAPTER_PARAM}=${encodeURIComponent(chapterId)}` : path;
}

/** The id of each layout's `<main>`, the target of the "Zum Inhalt springen" link. */
export const MAIN_CONTENT_ID = 'inhalt';

/** The id of the account page's two-factor card, the target of `paths.accountTwoFactor`. */
export const TWO_FACTOR_SECTION_ID = 'zwei-faktor';
