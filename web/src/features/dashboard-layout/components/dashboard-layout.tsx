import { Outlet, useLocation } from 'react-router';
import { SkipLink } from '@/components/layout/skip-link';
import { MAIN_CONTENT_ID } from '@/config/paths';
import type { User } from '@/lib/auth';
import { useFocusHeadingOnNavigate } from '../hooks/use-focus-heading';
import { SidebarProvider } from '../hooks/use-sidebar';
import type { Navigation } from './nav-items';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** Frame of every /dashboard and /admin screen: skip link, sidebar, top bar and the page. */
export function DashboardLayout({ user, navigation }: { user: User; navigation: Navigation }) {
  const { pathname } = useLocation();
  useFocusHeadingOnNavigate(pathname);
  return (
    <SidebarProvider>
      <SkipLink />
      <div className="flex min-h-screen bg-background">
        <Sidebar user={user} isAdmin={user.role === 'admin'} navigation={navigation} />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar user={user} />
          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
          >
            <Outlet />
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
