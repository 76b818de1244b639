import {
  AudioLines,
  BookAudio,
  BookOpen,
  CircleUser,
  Code,
  KeyRound,
  LayoutDashboard,
  Mic,
  MicVocal,
  SpellCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { lazy, type ComponentType } from 'react';
import { paths } from '@/config/paths';
import { EmbeddedNotFoundPage, NotFoundPage } from './routes/not-found';

/**
 * Who may open a route: `public` everybody; `public-only` visitors (signed-in people go to
 * the dashboard); `auth` a session, inside the dashboard frame; `admin` an admin with a
 * second factor, inside the dashboard frame.
 */
export type Guard = 'public' | 'public-only' | 'auth' | 'admin';

/** The sidebar groups whose entries fold under one button. */
export const NAV_GROUPS = {
  api: { label: 'API', to: paths.api.root, icon: Code },
} as const satisfies Record<string, { label: string; to: string; icon: LucideIcon }>;

export type NavGroupId = keyof typeof NAV_GROUPS;

/**
 * A route's entry in the sidebar: the "Menü" for `auth` routes, "Administration" for
 * `admin` routes, in the order of the table. `end`: active only on exactly this path
 * (not on the pages below it).
 */
export type RouteNav = { label: string; icon?: LucideIcon; group?: NavGroupId; end?: boolean };

export type PageRoute = {
  path: string;
  /** The document title ("<title> – Stimmwerk"), the page's heading as a rule. */
  title: string;
  guard: Guard;
  page: ComponentType;
  nav?: RouteNav;
};

export type RedirectRoute = { path: string; guard: Guard; redirectTo: string };

export type AppRoute = PageRoute | RedirectRoute;

export function isRedirect(route: AppRoute): route is RedirectRoute {
  return 'redirectTo' in route;
}

/** A screen that is loaded on demand: the layout and guards ship with the first chunk. */
function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

// The four API pages share one chunk (and their queries and components).
const developerApi = () => import('@/features/developer-api/routes/pages');
// The docs render Markdown (react-markdown and its parser): a chunk of their own, so the
// other API pages do not load it.
const apiDocs = () => import('@/features/developer-api/routes/api-docs-page');

const projects = () => import('@/features/projects/routes/projects-page');
const project = () => import('@/features/projects/routes/project-page');

/** Every route of the web app: the router, the document titles and the sidebar read it. */
export const ROUTES: readonly AppRoute[] = [
  {
    path: paths.home,
    title: 'Natürliche Stimmen für Ihre Texte',
    guard: 'public-only',
    page: lazyPage(() => import('@/features/landing/routes/landing-page'), 'LandingPage'),
  },
  {
    path: paths.auth,
    title: 'Anmelden',
    guard: 'public-only',
    page: lazyPage(() => import('@/features/auth/routes/auth-page'), 'AuthPage'),
  },
  {
    // Not public-only: a reset link works in a signed-in browser too (and ends that session).
    path: paths.resetPassword,
    title: 'Neues Passwort festlegen',
    guard: 'public',
    page: lazyPage(() => import('@/features/auth/routes/reset-password-page'), 'ResetPasswordPage'),
  },
  {
    path: paths.liveDemo,
    title: 'Live Demo',
    guard: 'public',
    page: lazyPage(() => import('@/features/live-demo/routes/live-demo-page'), 'LiveDemoPage'),
  },
  {
    path: paths.dashboard,
    title: 'Dashboard',
    guard: 'auth',
    page: lazyPage(() => import('@/features/dashboard/routes/dashboard-page'), 'DashboardPage'),
    nav: { label: 'Dashboard', icon: LayoutDashboard, end: true },
  },
  {
    path: paths.tts,
    title: 'Text zu Sprache',
    guard: 'auth',
    page: lazyPage(() => import('@/features/tts/routes/tts-page'), 'TtsPage'),
    nav: { label: 'Text zu Sprache', icon: AudioLines },
  },
  {
    path: paths.projects,
    title: 'Projekte',
    guard: 'auth',
    page: lazyPage(projects, 'ProjectsPage'),
    nav: { label: 'Projekte', icon: BookAudio },
  },
  {
    // The editor names the tab after the project once it is loaded.
    path: paths.project,
    title: 'Projekt',
    guard: 'auth',
    page: lazyPage(project, 'ProjectPage'),
  },
  {
    path: paths.voiceCloning,
    title: 'Stimmen Klonen',
    guard: 'auth',
    page: lazyPage(() => import('@/features/voice-cloning/routes/clones-page'), 'ClonesPage'),
    nav: { label: 'Stimmen Klonen', icon: Mic },
  },
  {
    path: paths.voiceCloningNew,
    title: 'Neue Stimme klonen',
    guard: 'auth',
    page: lazyPage(() => import('@/features/voice-cloning/routes/clone-wizard-page'), 'CloneWizardPage'),
  },
  {
    path: paths.knowledge,
    title: 'Speak Knowledge Base',
    guard: 'auth',
    page: lazyPage(() => import('@/features/knowledge/routes/knowledge-page'), 'KnowledgePage'),
    nav: { label: 'Speak Knowledge', icon: BookOpen },
  },
  {
    path: paths.pronunciation,
    title: 'Aussprache',
    guard: 'auth',
    page: lazyPage(() => import('@/features/pronunciation/routes/pronunciation-page'), 'PronunciationPage'),
    nav: { label: 'Aussprache', icon: SpellCheck },
  },
  {
    path: paths.api.root,
    title: 'API Dashboard',
    guard: 'auth',
    page: lazyPage(developerApi, 'ApiDashboardPage'),
    nav: { label: 'API Dashboard', group: 'api', end: true },
  },
  {
    path: paths.api.scripts,
    title: 'API Scripts',
    guard: 'auth',
    page: lazyPage(developerApi, 'ApiScriptsPage'),
    nav: { label: 'API Scripts', group: 'api' },
  },
  {
    path: paths.api.settings,
    title: 'API Settings',
    guard: 'auth',
    page: lazyPage(developerApi, 'ApiSettingsPage'),
    nav: { label: 'API Settings', group: 'api' },
  },
  {
    path: paths.api.docs,
    title: 'API Dokumentation',
    guard: 'auth',
    page: lazyPage(apiDocs, 'ApiDocsPage'),
    nav: { label: 'API Dokumentation', group: 'api' },
  },
  {
    path: paths.account,
    title: 'Mein Account',
    guard: 'auth',
    page: lazyPage(() => import('@/features/account/routes/account-page'), 'AccountPage'),
    nav: { label: 'Account', icon: CircleUser },
  },
  { path: paths.admin.root, guard: 'admin', redirectTo: paths.admin.users },
  {
    path: paths.admin.users,
    title: 'Benutzerverwaltung',
    guard: 'admin',
    page: lazyPage(() => import('@/features/admin-users/routes/users-page'), 'UsersPage'),
    nav: { label: 'Benutzerverwaltung', icon: Users },
  },
  {
    path: paths.admin.voices,
    title: 'Stimmenverwaltung',
    guard: 'admin',
    page: lazyPage(() => import('@/features/admin-voices/routes/admin-voices-page'), 'AdminVoicesPage'),
    nav: { label: 'Stimmenverwaltung', icon: MicVocal },
  },
  {
    path: paths.admin.apiSettings,
    title: 'API-Einstellungen',
    guard: 'admin',
    page: lazyPage(() => import('@/features/admin-api-settings/routes/api-settings-page'), 'ApiSettingsPage'),
    nav: { label: 'API-Einstellungen', icon: KeyRound },
  },
  // Unknown addresses: inside the dashboard frame below /dashboard and /admin, else on their own.
  { path: `${paths.admin.root}/*`, title: 'Seite nicht gefunden', guard: 'admin', page: EmbeddedNotFoundPage },
  { path: `${paths.dashboard}/*`, title: 'Seite nicht gefunden', guard: 'auth', page: EmbeddedNotFoundPage },
  { path: '*', title: 'Seite nicht gefunden', guard: 'public', page: NotFoundPage },
];
