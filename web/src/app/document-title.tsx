import { useEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { isRedirect, ROUTES, type AppRoute } from './route-table';

// The router's own ranking picks the route (e.g. /dashboard/api/docs over /dashboard/*).
const matchable = ROUTES.map((route) => ({ path: route.path, route }));

/** The title of the route at `pathname`, or null (a redirect has none). */
export function routeTitle(pathname: string): string | null {
  const route: AppRoute | undefined = matchRoutes(matchable, pathname)?.[0]?.route.route;
  return route && !isRedirect(route) ? route.title : null;
}

/** Sets `document.title` to "<route title> – Stimmwerk" on every navigation. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = routeTitle(pathname);
    document.title = title ? `${title} – Stimmwerk` : 'Stimmwerk';
  }, [pathname]);
  return null;
}
