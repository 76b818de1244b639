import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { routeTitle } from './document-title';
import { buildNavigation, NAVIGATION } from './navigation';
import { isRedirect, ROUTES } from './route-table';

const routePaths = new Set(ROUTES.map((r) => r.path));

/** Every path string in `paths` (nested groups flattened), without query or hash. */
function allPaths(tree: object): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v.split(/[?#]/)[0]] : allPaths(v)));
}

describe('route table', () => {
  it('defines each path once', () => {
    expect(routePaths.size).toBe(ROUTES.length);
  });

  it('gives every page a title', () => {
    for (const route of ROUTES) {
      if (isRedirect(route)) continue;
      expect(route.title.trim(), route.path).not.toBe('');
    }
  });

  it('redirects only to routes of the table', () => {
    for (const route of ROUTES.filter(isRedirect)) expect(routePaths).toContain(route.redirectTo);
  });

  it('routes every path of config/paths.ts', () => {
    for (const path of allPaths(paths)) expect(routePaths, path).toContain(path);
  });

  it('keeps the admin area behind the admin guard', () => {
    const admin = ROUTES.filter((r) => r.path === paths.admin.root || r.path.startsWith(`${paths.admin.root}/`));
    expect(admin.length).toBeGreaterThan(3);
    for (const route of admin) expect(route.guard, route.path).toBe('admin');
  });

  it('keeps the dashboard behind a session', () => {
    for (const route of ROUTES.filter((r) => r.path.startsWith(`${paths.dashboard}`))) {
      expect(['auth', 'admin'], route.path).toContain(route.guard);
    }
  });

  it('puts navigation entries only on dashboard-frame routes', () => {
    for (const route of ROUTES) {
      if (!isRedirect(route) && route.nav) expect(['auth', 'admin'], route.path).toContain(route.guard);
    }
  });
});

describe('navigation', () => {
  const entries = [...NAVIGATION.main, ...NAVIGATION.admin].flatMap((item) => [item, ...(item.children ?? [])]);

  it('points every entry at a route of the table', () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(routePaths, entry.label).toContain(entry.to);
  });

  it('lists admin routes only in the admin section', () => {
    const guardOf = new Map(ROUTES.map((r) => [r.path, r.guard]));
    for (const item of NAVIGATION.admin) expect(guardOf.get(item.to), item.label).toBe('admin');
    for (const item of NAVIGATION.main.flatMap((i) => [i, ...(i.children ?? [])])) {
      expect(guardOf.get(item.to), item.label).toBe('auth');
    }
  });

  it('has the sidebar of the spec, in order', () => {
    expect(NAVIGATION.main.map((i) => i.label)).toEqual([
      'Dashboard',
      'Text zu Sprache',
      'Projekte',
      'Stimmen Klonen',
      'Speak Knowledge',
      'Aussprache',
      'API',
      'Account',
    ]);
    expect(NAVIGATION.main.find((i) => i.label === 'API')?.children?.map((c) => [c.label, c.to])).toEqual([
      ['API Dashboard', paths.api.root],
      ['API Scripts', paths.api.scripts],
      ['API Settings', paths.api.settings],
      ['API Dokumentation', paths.api.docs],
    ]);
    expect(NAVIGATION.admin.map((i) => [i.label, i.to])).toEqual([
      ['Benutzerverwaltung', paths.admin.users],
      ['Stimmenverwaltung', paths.admin.voices],
      ['API-Einstellungen', paths.admin.apiSettings],
    ]);
  });

  it('builds nothing from a table without entries', () => {
    expect(buildNavigation([])).toEqual({ main: [], admin: [] });
  });
});

/** The German title of every route: a new route fails here until it has one. */
const TITLES: Record<string, string | null> = {
  [paths.home]: 'Natürliche Stimmen für Ihre Texte',
  [paths.auth]: 'Anmelden',
  [paths.resetPassword]: 'Neues Passwort festlegen',
  [paths.liveDemo]: 'Live Demo',
  [paths.dashboard]: 'Dashboard',
  [paths.tts]: 'Text zu Sprache',
  [paths.projects]: 'Projekte',
  [paths.project]: 'Projekt',
  [paths.voiceCloning]: 'Stimmen Klonen',
  [paths.voiceCloningNew]: 'Neue Stimme klonen',
  [paths.knowledge]: 'Speak Knowledge Base',
  [paths.pronunciation]: 'Aussprache',
  [paths.api.root]: 'API Dashboard',
  [paths.api.scripts]: 'API Scripts',
  [paths.api.settings]: 'API Settings',
  [paths.api.docs]: 'API Dokumentation',
  [paths.account]: 'Mein Account',
  [paths.admin.root]: null,
  [paths.admin.users]: 'Benutzerverwaltung',
  [paths.admin.voices]: 'Stimmenverwaltung',
  [paths.admin.apiSettings]: 'API-Einstellungen',
  [`${paths.admin.root}/*`]: 'Seite nicht gefunden',
  [`${paths.dashboard}/*`]: 'Seite nicht gefunden',
  '*': 'Seite nicht gefunden',
};

describe('document titles', () => {
  it.each(ROUTES.map((route) => [route.path, route] as const))('%s has its German title', (path, route) => {
    expect(Object.keys(TITLES), `no title listed for ${path}`).toContain(path);
    expect(isRedirect(route) ? null : route.title).toBe(TITLES[path]);
    // The router's ranking picks this route for its own address (wildcards: a sample below them).
    expect(routeTitle(path === '*' ? '/gibt-es-nicht' : path.replace('*', 'gibt-es-nicht'))).toBe(TITLES[path]);
  });

  it('lists no route that is gone', () => {
    expect(Object.keys(TITLES).sort()).toEqual(ROUTES.map((r) => r.path).sort());
  });

  it('tells every screen apart by its title', () => {
    const screens = ROUTES.filter((r) => !isRedirect(r) && !r.path.endsWith('*'));
    const titles = screens.map((r) => (isRedirect(r) ? '' : r.title));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each([
    ['/', 'Natürliche Stimmen für Ihre Texte'],
    ['/auth', 'Anmelden'],
    ['/auth/reset', 'Neues Passwort festlegen'],
    ['/live-demo', 'Live Demo'],
    ['/dashboard', 'Dashboard'],
    ['/dashboard/tts', 'Text zu Sprache'],
    ['/dashboard/projects', 'Projekte'],
    ['/dashboard/projects/p-1', 'Projekt'],
    ['/dashboard/voice-cloning/new', 'Neue Stimme klonen'],
    [paths.pronunciation, 'Aussprache'],
    ['/dashboard/api/docs', 'API Dokumentation'],
    ['/admin/users', 'Benutzerverwaltung'],
    ['/admin/api-settings', 'API-Einstellungen'],
    ['/dashboard/gibt-es-nicht', 'Seite nicht gefunden'],
    ['/gibt-es-nicht', 'Seite nicht gefunden'],
  ])('%s → %s', (path, title) => {
    expect(routeTitle(path)).toBe(title);
  });

  it('has none for a redirect', () => {
    expect(routeTitle(paths.admin.root)).toBeNull();
  });
});
