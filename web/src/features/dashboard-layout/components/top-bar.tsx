import { PanelLeft, Wallet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import type { User } from '@/lib/auth';
import { formatEuroFromCents } from '@/lib/format';
import { useSidebar } from '../hooks/use-sidebar';
import { UserMenu } from './user-menu';

export function TopBar({ user }: { user: User }) {
  const { toggle, open, openMobile, isMobile } = useSidebar();
  const expanded = isMobile ? openMobile : open;
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b border-border bg-card/85 px-3 backdrop-blur sm:gap-3 sm:px-5">
      <Tooltip content="Seitenleiste umschalten (Strg/⌘ + B)">
        <Button
          variant="ghost"
          size="icon"
          onClick={toggle}
          aria-label="Seitenleiste umschalten"
          aria-expanded={expanded}
          data-testid="sidebar-toggle"
        >
          <PanelLeft aria-hidden="true" />
        </Button>
      </Tooltip>
      <div className="flex-1" />
      <Badge variant="primary" className="h-8 px-3 text-sm tabular-nums" data-testid="balance-badge" title="Guthaben">
        <Wallet aria-hidden="true" />
        {formatEuroFromCents(user.balance_cent)}
      </Badge>
      <UserMenu user={user} />
    </header>
  );
}
