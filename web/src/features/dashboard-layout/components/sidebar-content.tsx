import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import type { Navigation } from './nav-items';
import { NavList } from './sidebar-nav';

export type SidebarUser = { name: string; email: string; organization: string };

const groupLabel = 'mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground';

type SidebarContentProps = { user: SidebarUser; isAdmin: boolean; navigation: Navigation; onNavigate: () => void };

export function SidebarContent({ user, isAdmin, navigation, onNavigate }: SidebarContentProps) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 shrink-0 items-center border-b border-sidebar-border px-4">
        <Link to={paths.dashboard} onClick={onNavigate} aria-label="Stimmwerk Dashboard">
          <Logo />
        </Link>
      </div>
      <nav aria-label="Hauptnavigation" className="flex-1 overflow-y-auto px-3 py-4">
        <p className={groupLabel}>Menü</p>
        <NavList items={navigation.main} onNavigate={onNavigate} />
        {isAdmin && (
          <div className="mt-6" data-testid="admin-nav">
            <p className={groupLabel}>Administration</p>
            <NavList items={navigation.admin} onNavigate={onNavigate} />
          </div>
        )}
      </nav>
      <div className="flex shrink-0 items-center gap-3 border-t border-sidebar-border px-4 py-3">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary"
        >
          {(user.name || user.email).charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0 text-sm">
          <p className="truncate font-medium">{user.name || user.email}</p>
          <p className="truncate text-xs text-muted-foreground">{user.organization || user.email}</p>
        </div>
      </div>
    </div>
  );
}
