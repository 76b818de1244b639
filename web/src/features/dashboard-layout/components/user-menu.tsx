import { ChevronDown, LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useLogout, type User } from '@/lib/auth';

/** The signed-in person (name or e-mail) with a menu: who is signed in, and "Abmelden". */
export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const logout = useLogout({
    onSuccess: () => {
      toast.success('Abgemeldet', { description: 'Bis bald!' });
      navigate(paths.auth, { replace: true });
    },
  });
  const display = user.name || user.email;
  return (
    // Not modal: a modal menu would aria-hide the page while its links stay focusable.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Benutzermenü: ${display}`} loading={logout.isPending} className="max-w-56">
          <span
            aria-hidden="true"
            className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary"
          >
            {display.charAt(0).toUpperCase()}
          </span>
          <span className="hidden truncate sm:inline" data-testid="user-name">
            {display}
          </span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-medium">{user.name || 'Angemeldet'}</span>
          <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          Abmelden
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
