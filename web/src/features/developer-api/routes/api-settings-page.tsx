import { PageHeader } from '@/components/ui/page-header';
import { ApiKeysCard } from '../components/api-keys-card';
import { WebhookCard } from '../components/webhook-card';

export function ApiSettingsPage() {
  return (
    <>
      <PageHeader title="API Settings" description="Schlüssel für Ihre Programme und der Webhook für fertige Aufträge." />
      <div className="flex flex-col gap-6">
        <ApiKeysCard />
        <WebhookCard />
      </div>
    </>
  );
}
