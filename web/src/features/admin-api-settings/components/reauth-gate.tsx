import { useQueryClient } from '@tanstack/react-query';
import { PasswordGateCard } from '@/components/password-gate/password-gate-card';
import { ReauthForm } from '@/components/reauth/reauth-form';
import { adminApiSettingsKeys } from '../api/keys';

/**
 * Asks an admin to confirm the password before the API settings open (the server then
 * accepts the admin changes for 10 minutes).
 */
export function ReauthGate() {
  const queryClient = useQueryClient();
  return (
    <div className="flex justify-center py-6 sm:py-10">
      <PasswordGateCard
        title="Geschützter Bereich"
        headingLevel={2}
        description="Die API-Einstellungen enthalten vertrauliche Schlüssel. Bitte bestätigen Sie Ihr Passwort, um fortzufahren."
      >
        {/* Stays busy until the list is loaded, so the gate does not flash. */}
        <ReauthForm onConfirmed={() => queryClient.invalidateQueries({ queryKey: adminApiSettingsKeys.services() })} />
      </PasswordGateCard>
    </div>
  );
}
