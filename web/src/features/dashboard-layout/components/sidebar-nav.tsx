import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import type { NavItem } from './nav-items';

const linkBase =
  'flex h-9 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors [&_svg]:size-4 [&_svg]:shrink-0';
const linkIdle = 'text-muted-foreground hover:bg-muted hover:text-foreground';
const linkActive = 'bg-primary-soft text-accent-foreground';

function NavGroup({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const inside = pathname === item.to || pathname.startsWith(`${item.to}/`);
  const [expanded, setExpanded] = useState(inside);
  // Entering the group's section opens it (adjusting state while rendering, not in an effect).
  const [wasInside, setWasInside] = useState(inside);
  if (inside !== wasInside) {
    setWasInside(inside);
    if (inside) setExpanded(true);
  }
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

export function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate: () => void }) {
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
