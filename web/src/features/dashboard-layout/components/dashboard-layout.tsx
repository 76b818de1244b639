import { Outlet } from 'react-router';
import type { User } from '@/lib/auth';
import { SidebarProvider } from '../hooks/use-sidebar';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** Frame of every /dashboard and /admin screen: sidebar, top bar and the page. */
export function DashboardLayout({ user }: { user: User }) {
  return (
    <SidebarProvider>
      <div className="flex min-h-screen bg-background">
        <Sidebar user={user} isAdmin={user.role === 'admin'} />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar user={user} />
          <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <Outlet />
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
