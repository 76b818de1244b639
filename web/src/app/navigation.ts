import type { NavItem, Navigation } from '@/features/dashboard-layout/components/nav-items';
import { isRedirect, NAV_GROUPS, ROUTES, type AppRoute, type PageRoute } from './route-table';

type NavRoute = PageRoute & { nav: NonNullable<PageRoute['nav']> };

function navItems(routes: NavRoute[]): NavItem[] {
  const items: NavItem[] = [];
  for (const { path, nav } of routes) {
    const leaf = { label: nav.label, to: path, icon: nav.icon, end: nav.end };
    if (!nav.group) {
      items.push(leaf);
      continue;
    }
    // A group sits where its first entry is in the table.
    const group = NAV_GROUPS[nav.group];
    let parent = items.find((item) => item.children && item.to === group.to);
    if (!parent) {
      parent = { label: group.label, to: group.to, icon: group.icon, children: [] };
      items.push(parent);
    }
    parent.children?.push(leaf);
  }
  return items;
}

/** The sidebar of the route table: "Menü" from the `auth` routes, "Administration" from the `admin` ones. */
export function buildNavigation(routes: readonly AppRoute[]): Navigation {
  const withNav = routes.filter((r): r is NavRoute => !isRedirect(r) && r.nav !== undefined);
  return {
    main: navItems(withNav.filter((r) => r.guard === 'auth')),
    admin: navItems(withNav.filter((r) => r.guard === 'admin')),
  };
}

export const NAVIGATION = buildNavigation(ROUTES);
