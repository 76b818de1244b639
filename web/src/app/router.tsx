import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { LoadingScreen } from '@/components/ui/spinner';
import { DashboardLayout } from '@/features/dashboard-layout/components/dashboard-layout';
import { SiteGate } from '@/features/site-gate/components/site-gate';
import { PublicOnly, RequireAdmin, RequireAuth } from './routes/guards';
import { NotFoundPage } from './routes/not-found';
import { paths } from '@/config/paths';

// Screens are loaded on demand; the layout and guards ship with the first chunk.
const LandingPage = lazy(() => import('@/features/landing/routes/landing-page').then((m) => ({ default: m.LandingPage })));
const AuthPage = lazy(() => import('@/features/auth/routes/auth-page').then((m) => ({ default: m.AuthPage })));
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/routes/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const LiveDemoPage = lazy(() =>
  import('@/features/live-demo/routes/live-demo-page').then((m) => ({ default: m.LiveDemoPage })),
);
const TtsPage = lazy(() => import('@/features/tts/routes/tts-page').then((m) => ({ default: m.TtsPage })));
const AccountPage = lazy(() => import('@/features/account/routes/account-page').then((m) => ({ default: m.AccountPage })));
const ApiSettingsPage = lazy(() =>
  import('@/features/admin-api-settings/routes/api-settings-page').then((m) => ({ default: m.ApiSettingsPage })),
);
const KnowledgePage = lazy(() =>
  import('@/features/knowledge/routes/knowledge-page').then((m) => ({ default: m.KnowledgePage })),
);
const DashboardPage = lazy(() => import('@/features/dashboard/routes/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const developerApi = () => import('@/features/developer-api/routes/pages');
const ApiDashboardPage = lazy(() => developerApi().then((m) => ({ default: m.ApiDashboardPage })));
const ApiScriptsPage = lazy(() => developerApi().then((m) => ({ default: m.ApiScriptsPage })));
const DeveloperApiSettingsPage = lazy(() => developerApi().then((m) => ({ default: m.ApiSettingsPage })));
const ApiDocsPage = lazy(() => developerApi().then((m) => ({ default: m.ApiDocsPage })));
const PronunciationPage = lazy(() =>
  import('@/features/pronunciation/routes/pronunciation-page').then((m) => ({ default: m.PronunciationPage })),
);
const ClonesPage = lazy(() => import('@/features/voice-cloning/routes/clones-page').then((m) => ({ default: m.ClonesPage })));
const AdminVoicesPage = lazy(() =>
  import('@/features/admin-voices/routes/admin-voices-page').then((m) => ({ default: m.AdminVoicesPage })),
);
const CloneWizardPage = lazy(() =>
  import('@/features/voice-cloning/routes/clone-wizard-page').then((m) => ({ default: m.CloneWizardPage })),
);
const UsersPage = lazy(() => import('@/features/admin-users/routes/users-page').then((m) => ({ default: m.UsersPage })));

const TITLES: Array<[RegExp, string]> = [
  [/^\/$/, 'Text zu Sprache'],
  [/^\/auth\/reset/, 'Neues Passwort festlegen'],
  [/^\/auth/, 'Anmelden'],
  [/^\/live-demo/, 'Live Demo'],
  [/^\/dashboard\/tts/, 'Text zu Sprache'],
  [/^\/dashboard\/account/, 'Mein Account'],
  [/^\/dashboard\/voice-cloning\/new/, 'Neue Stimme klonen'],
  [/^\/dashboard\/voice-cloning/, 'Stimmen Klonen'],
  [/^\/dashboard\/knowledge/, 'Speak Knowledge Base'],
  [/^\/dashboard\/api\/scripts/, 'API Scripts'],
  [/^\/dashboard\/api\/settings/, 'API Settings'],
  [/^\/dashboard\/api\/docs/, 'API Dokumentation'],
  [/^\/dashboard\/api/, 'API Dashboard'],
  [/^\/dashboard/, 'Dashboard'],
  [/^\/admin/, 'Administration'],
];

function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = TITLES.find(([re]) => re.test(pathname))?.[1];
    document.title = title ? `${title} – Stimmwerk` : 'Stimmwerk';
  }, [pathname]);
  return null;
}

/**
 * Every route of the app (the router itself is chosen by main.tsx or a test), behind the
 * optional site password gate.
 */
export function AppRoutes() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <DocumentTitle />
      <SiteGate>
        <Suspense fallback={<LoadingScreen className="min-h-screen" />}>
          <Routes>
            <Route path={paths.home} element={<PublicOnly><LandingPage /></PublicOnly>} />
            <Route path={paths.auth} element={<PublicOnly><AuthPage /></PublicOnly>} />
            {/* Not PublicOnly: a reset link works in a signed-in browser too (and ends that session). */}
            <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
            <Route path={paths.liveDemo} element={<LiveDemoPage />} />
            <Route element={<RequireAuth>{(user) => <DashboardLayout user={user} />}</RequireAuth>}>
              <Route path={paths.dashboard} element={<DashboardPage />} />
              <Route path={paths.tts} element={<TtsPage />} />
              <Route path={paths.account} element={<AccountPage />} />
              <Route path={paths.knowledge} element={<KnowledgePage />} />
              <Route path={paths.pronunciation} element={<PronunciationPage />} />
              <Route path={paths.voiceCloning} element={<ClonesPage />} />
              <Route path={paths.voiceCloningNew} element={<CloneWizardPage />} />
              <Route path={paths.api.root} element={<ApiDashboardPage />} />
              <Route path={paths.api.scripts} element={<ApiScriptsPage />} />
              <Route path={paths.api.settings} element={<DeveloperApiSettingsPage />} />
              <Route path={paths.api.docs} element={<ApiDocsPage />} />
              <Route element={<RequireAdmin />}>
                <Route path={paths.admin.root} element={<Navigate to={paths.admin.users} replace />} />
                <Route path={paths.admin.apiSettings} element={<ApiSettingsPage />} />
                <Route path={paths.admin.users} element={<UsersPage />} />
                <Route path={paths.admin.voices} element={<AdminVoicesPage />} />
                <Route path={`${paths.admin.root}/*`} element={<NotFoundPage embedded />} />
              </Route>
              <Route path={`${paths.dashboard}/*`} element={<NotFoundPage embedded />} />
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </SiteGate>
    </ErrorBoundary>
  );
}
