import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { ReauthForm } from '@/components/reauth/reauth-form';
import { Card, CardContent } from '@/components/ui/card';
import { adminApiSettingsKeys } from '../api/keys';

/**
 * Asks an admin to confirm the password before the API settings open (the server then
 * accepts the admin changes for 10 minutes).
 */
export function ReauthGate() {
  const queryClient = useQueryClient();
  return (
    <div className="flex justify-center py-6 sm:py-10">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-6 pt-8 sm:pt-8">
          <div className="flex flex-col items-center gap-3 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
              <LockKeyhole className="size-5" aria-hidden="true" />
            </span>
            <h2 className="text-xl font-semibold tracking-tight">Geschützter Bereich</h2>
            <p className="text-sm text-muted-foreground">
              Die API-Einstellungen enthalten vertrauliche Schlüssel. Bitte bestätigen Sie Ihr Passwort, um fortzufahren.
            </p>
          </div>
          {/* Stays busy until the list is loaded, so the gate does not flash. */}
          <ReauthForm onConfirmed={() => queryClient.invalidateQueries({ queryKey: adminApiSettingsKeys.services() })} />
        </CardContent>
      </Card>
    </div>
  );
}
