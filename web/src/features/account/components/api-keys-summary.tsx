import { KeyRound } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { newestActive, useApiKeys } from '@/lib/api-keys';

/**
 * "API Key" of the account page. Keys are shown in full only when they are made (only a
 * hash is stored), so this card tells which keys exist and leads to where they are made.
 */
export function ApiKeysSummary() {
  const keys = useApiKeys();
  const active = keys.data?.filter((k) => !k.revoked_at) ?? [];
  const newest = newestActive(keys.data);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden="true" /> API Key
        </CardTitle>
        <CardDescription>Für Ihre Programme und die OpenAI-kompatible Schnittstelle.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p data-testid="account-api-keys">
          {active.length === 0
            ? 'Noch kein aktiver Schlüssel.'
            : `${active.length} aktive(r) Schlüssel, zuletzt „${newest?.name}“ (${newest?.prefix}…).`}
        </p>
        <ButtonLink to={paths.api.settings} variant="outline" className="self-start">
          {active.length === 0 ? 'Schlüssel erstellen' : 'Schlüssel verwalten'}
        </ButtonLink>
      </CardContent>
    </Card>
  );
}
