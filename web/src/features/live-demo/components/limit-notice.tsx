import { Lock, UserPlus } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { LIMIT_TITLE } from '../utils/limits';

/** Shown once the demo tries are used up: a call to action to register. */
export function LimitNotice({ message }: { message: string }) {
  return (
    <div
      role="status"
      data-testid="demo-limit"
      className="flex flex-col gap-3 rounded-lg border border-warning/30 bg-warning-soft px-4 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <Lock className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <div className="text-sm">
          <p className="font-semibold text-warning">{LIMIT_TITLE}</p>
          <p className="mt-0.5 text-foreground/80">{message}</p>
        </div>
      </div>
      <ButtonLink to={paths.signup} size="sm" className="shrink-0">
        <UserPlus aria-hidden="true" />
        Kostenlos registrieren
      </ButtonLink>
    </div>
  );
}
