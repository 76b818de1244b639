import { Sheet } from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_MOBILE } from '../hooks/sidebar-state';
import { useSidebar } from '../hooks/use-sidebar';
import type { Navigation } from './nav-items';
import { SidebarContent, type SidebarUser } from './sidebar-content';

/**
 * Fixed sidebar on desktop (collapsible); below 768 px a Radix sheet that takes the focus,
 * traps it, closes on Escape and returns the focus to the toggle.
 */
export function Sidebar({ user, isAdmin, navigation }: { user: SidebarUser; isAdmin: boolean; navigation: Navigation }) {
  const { open, openMobile, isMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <Sheet
        open={openMobile}
        onOpenChange={setOpenMobile}
        title="Navigation"
        closeLabel="Navigation schließen"
        style={{ width: SIDEBAR_WIDTH_MOBILE }}
        data-testid="sidebar"
      >
        <SidebarContent user={user} isAdmin={isAdmin} navigation={navigation} onNavigate={() => setOpenMobile(false)} />
      </Sheet>
    );
  }

  return (
    <>
      {/* Spacer that reserves the sidebar's width in the page flow. */}
      <div aria-hidden="true" className="shrink-0 transition-[width] duration-200" style={{ width: open ? SIDEBAR_WIDTH : '0px' }} />
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
        <SidebarContent user={user} isAdmin={isAdmin} navigation={navigation} onNavigate={() => undefined} />
      </aside>
    </>
  );
}
