import { ChevronRight, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { cn } from '@/lib/cn';
import { useSidebar } from '../hooks/use-sidebar';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_MOBILE } from '../hooks/sidebar-state';
import { ADMIN_NAV, MAIN_NAV, type NavItem } from './nav-items';

const linkBase =
  'flex h-9 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors [&_svg]:size-4 [&_svg]:shrink-0';
const linkIdle = 'text-muted-foreground hover:bg-muted hover:text-foreground';
const linkActive = 'bg-primary-soft text-accent-foreground';

function NavGroup({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const inside = pathname === item.to || pathname.startsWith(`${item.to}/`);
  const [expanded, setExpanded] = useState(inside);
  useEffect(() => {
    if (inside) setExpanded(true);
  }, [inside]);
  const Icon = item.icon;
  const id = `nav-group-${item.to.replace(/\W+/g, '-')}`;
  return (
    <li>
      <button
        type="button"
        className={cn(linkBase, 'cursor-pointer', inside ? 'text-foreground' : linkIdle)}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((v) => !v)}
      >
        {Icon && <Icon aria-hidden="true" />}
        <span className="flex-1 text-left">{item.label}</span>
        <ChevronRight className={cn('transition-transform', expanded && 'rotate-90')} aria-hidden="true" />
      </button>
      {expanded && (
        <ul id={id} className="ml-5 mt-1 flex flex-col gap-0.5 border-l border-border pl-3">
          {item.children?.map((child) => (
            <li key={child.to}>
              <NavLink
                to={child.to}
                end={child.end}
                onClick={onNavigate}
                className={({ isActive }) => cn(linkBase, 'h-8', isActive ? linkActive : linkIdle)}
              >
                {child.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate: () => void }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((item) =>
        item.children ? (
          <NavGroup key={item.to} item={item} onNavigate={onNavigate} />
        ) : (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) => cn(linkBase, isActive ? linkActive : linkIdle)}
            >
              {item.icon && <item.icon aria-hidden="true" />}
              {item.label}
            </NavLink>
          </li>
        ),
      )}
    </ul>
  );
}

type SidebarUser = { name: string; email: string; organization: string };

function SidebarContent({ user, isAdmin, onNavigate }: { user: SidebarUser; isAdmin: boolean; onNavigate: () => void }) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 shrink-0 items-center border-b border-sidebar-border px-4">
        <Link to="/dashboard" onClick={onNavigate} aria-label="Stimmwerk Dashboard">
          <Logo />
        </Link>
      </div>
      <nav aria-label="Hauptnavigation" className="flex-1 overflow-y-auto px-3 py-4">
        <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground/80">Menü</p>
        <NavList items={MAIN_NAV} onNavigate={onNavigate} />
        {isAdmin && (
          <div className="mt-6" data-testid="admin-nav">
            <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground/80">
              Administration
            </p>
            <NavList items={ADMIN_NAV} onNavigate={onNavigate} />
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

/** Fixed sidebar on desktop (collapsible), overlay sheet below 768 px. */
export function Sidebar({ user, isAdmin }: { user: SidebarUser; isAdmin: boolean }) {
  const { open, openMobile, isMobile, setOpenMobile } = useSidebar();

  useEffect(() => {
    if (!openMobile) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenMobile(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openMobile, setOpenMobile]);

  if (isMobile) {
    return (
      <div className={cn('fixed inset-0 z-40', !openMobile && 'pointer-events-none')} aria-hidden={!openMobile}>
        <div
          className={cn('absolute inset-0 bg-slate-900/40 transition-opacity', openMobile ? 'opacity-100' : 'opacity-0')}
          onClick={() => setOpenMobile(false)}
        />
        <aside
          role="dialog"
          aria-modal="true"
          aria-label="Navigation"
          data-testid="sidebar"
          data-state={openMobile ? 'open' : 'closed'}
          data-mobile="true"
          style={{ width: SIDEBAR_WIDTH_MOBILE }}
          className={cn(
            'absolute inset-y-0 left-0 bg-sidebar shadow-xl transition-transform duration-200',
            openMobile ? 'translate-x-0' : '-translate-x-full',
          )}
          inert={!openMobile}
        >
          <button
            type="button"
            className="absolute right-3 top-3.5 rounded-md p-1.5 text-muted-foreground hover:bg-muted"
            onClick={() => setOpenMobile(false)}
            aria-label="Navigation schließen"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
          <SidebarContent user={user} isAdmin={isAdmin} onNavigate={() => setOpenMobile(false)} />
        </aside>
      </div>
    );
  }

  return (
    <>
      {/* Spacer that reserves the sidebar's width in the page flow. */}
      <div
        aria-hidden="true"
        className="shrink-0 transition-[width] duration-200"
        style={{ width: open ? SIDEBAR_WIDTH : '0px' }}
      />
      <aside
        data-testid="sidebar"
        data-state={open ? 'open' : 'closed'}
        style={{ width: SIDEBAR_WIDTH }}
        className={cn(
          'fixed inset-y-0 left-0 z-30 border-r border-sidebar-border bg-sidebar transition-transform duration-200',
          open ? 'translate-x-0' : '-translate-x-full',
        )}
        inert={!open}
      >
        <SidebarContent user={user} isAdmin={isAdmin} onNavigate={() => undefined} />
      </aside>
    </>
  );
}
