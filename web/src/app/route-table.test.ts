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

describe('document titles', () => {
  it.each([
    ['/', 'Text zu Sprache'],
    ['/auth', 'Anmelden'],
    ['/auth/reset', 'Neues Passwort festlegen'],
    ['/live-demo', 'Live Demo'],
    ['/dashboard', 'Dashboard'],
    ['/dashboard/tts', 'Text zu Sprache'],
    ['/dashboard/voice-cloning/new', 'Neue Stimme klonen'],
    [paths.pronunciation, 'Aussprache'],
    ['/dashboard/api/docs', 'API Dokumentation'],
    ['/admin/users', 'Administration'],
    ['/dashboard/gibt-es-nicht', 'Seite nicht gefunden'],
    ['/gibt-es-nicht', 'Seite nicht gefunden'],
  ])('%s → %s', (path, title) => {
    expect(routeTitle(path)).toBe(title);
  });

  it('has none for a redirect', () => {
    expect(routeTitle(paths.admin.root)).toBeNull();
  });
});
