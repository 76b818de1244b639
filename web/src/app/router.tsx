import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { LoadingScreen } from '@/components/ui/spinner';
import { DashboardLayout } from '@/features/dashboard-layout/components/dashboard-layout';
import { SiteGate } from '@/features/site-gate/components/site-gate';
import { DocumentTitle } from './document-title';
import { NAVIGATION } from './navigation';
import { isRedirect, ROUTES, type AppRoute, type Guard } from './route-table';
import { PublicOnly, RequireAdmin, RequireAuth } from './routes/guards';

function routesOf(guard: Guard) {
  return ROUTES.filter((route) => route.guard === guard).map((route) => (
    <Route key={route.path} path={route.path} element={<RouteElement route={route} />} />
  ));
}

function RouteElement({ route }: { route: AppRoute }) {
  if (isRedirect(route)) return <Navigate to={route.redirectTo} replace />;
  const Page = route.page;
  return route.guard === 'public-only' ? (
    <PublicOnly>
      <Page />
    </PublicOnly>
  ) : (
    <Page />
  );
}

/**
 * Every route of the app from the route table (the router itself is chosen by main.tsx or
 * a test), behind the optional site password gate. `auth` and `admin` routes share the
 * dashboard frame, whose sidebar comes from the same table.
 */
export function AppRoutes() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <DocumentTitle />
      <SiteGate>
        <Suspense fallback={<LoadingScreen className="min-h-screen" />}>
          <Routes>
            {routesOf('public-only')}
            {routesOf('public')}
            <Route element={<RequireAuth>{(user) => <DashboardLayout user={user} navigation={NAVIGATION} />}</RequireAuth>}>
              {routesOf('auth')}
              <Route element={<RequireAdmin />}>{routesOf('admin')}</Route>
            </Route>
          </Routes>
        </Suspense>
      </SiteGate>
    </ErrorBoundary>
  );
}
