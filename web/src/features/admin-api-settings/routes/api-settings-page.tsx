import { FilterX, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingScreen } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';
import { isReauthRequired, useServices } from '../api/get-services';
import type { ServiceCategory, ServicesResponse } from '../api/types';
import { CategoryFilter } from '../components/category-filter';
import { ReauthGate } from '../components/reauth-gate';
import { SecurityInfo } from '../components/security-info';
import { ServiceCard } from '../components/service-card';
import { countByCategory } from '../utils/categories';

const TITLE = 'API-Einstellungen';
const DESCRIPTION = 'Schlüssel der Sprach-Engines und weiterer Dienste verwalten.';

function ServicesView({ data }: { data: ServicesResponse }) {
  const [category, setCategory] = useState<ServiceCategory | null>(null);
  const counts = useMemo(() => countByCategory(data.services), [data.services]);
  const shown = category ? data.services.filter((s) => s.category === category) : data.services;

  return (
    <>
      <PageHeader
        title={TITLE}
        description={DESCRIPTION}
        actions={
          <Badge
            variant={data.configured === data.total ? 'success' : 'primary'}
            className="px-3 py-1 text-sm"
            data-testid="services-configured"
          >
            {data.configured}/{data.total} konfiguriert
          </Badge>
        }
      />
      <div className="flex flex-col gap-6">
        <CategoryFilter counts={counts} active={category} onToggle={(c) => setCategory((current) => (current === c ? null : c))} />
        {category && (
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
            <span>
              Gefiltert nach <span className="font-medium text-foreground">{category}</span>: {shown.length}{' '}
              {shown.length === 1 ? 'Dienst' : 'Dienste'}
            </span>
            <Button variant="outline" size="sm" onClick={() => setCategory(null)}>
              <FilterX aria-hidden="true" />
              Filter entfernen
            </Button>
          </div>
        )}
        <section aria-labelledby="services-title" className="flex flex-col gap-3">
          <h2 id="services-title" className="text-lg font-semibold tracking-tight">
            Dienste
          </h2>
          {shown.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
              Keine Dienste in dieser Kategorie.
            </p>
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              {shown.map((service) => (
                <ServiceCard key={service.id} service={service} />
              ))}
            </div>
          )}
        </section>
        <SecurityInfo />
      </div>
    </>
  );
}

/** /admin/api-settings: behind a password re-authentication, then the services and their keys. */
export function ApiSettingsPage() {
  const services = useServices();

  if (services.isPending) return <LoadingScreen label="Einstellungen werden geladen..." />;
  if (isReauthRequired(services.error)) {
    return (
      <>
        <PageHeader title={TITLE} description={DESCRIPTION} />
        <ReauthGate />
      </>
    );
  }
  if (!services.data) {
    return (
      <>
        <PageHeader title={TITLE} description={DESCRIPTION} />
        <Alert variant="error" title="Die Einstellungen konnten nicht geladen werden" className="max-w-xl">
          <p>{errorMessage(services.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void services.refetch()}>
            <RefreshCw aria-hidden="true" /> Erneut versuchen
          </Button>
        </Alert>
      </>
    );
  }
  // A failed reload (other than a missing re-authentication) keeps showing the last list.
  return <ServicesView data={services.data} />;
}
