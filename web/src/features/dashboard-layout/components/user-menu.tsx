import { ChevronDown, CircleUser, LogOut } from 'lucide-react';
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
        {/* Named by its text ("Benutzermenü: <name>"), so the visible name is part of it. */}
        <Button variant="ghost" size="sm" loading={logout.isPending} className="max-w-56">
          {!logout.isPending && <CircleUser aria-hidden="true" />}
          <span className="sr-only">Benutzermenü:</span>
          <span className="sr-only sm:not-sr-only sm:truncate" data-testid="user-name">
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
