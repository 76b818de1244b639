import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import type { Service } from '../api/types';
import { ServiceActions } from './service-actions';
import { ServiceDetails } from './service-details';
import { UpdateKeyForm } from './update-key-form';

export function ServiceCard({ service }: { service: Service }) {
  const [editing, setEditing] = useState(false);
  const configured = service.status === 'configured';
  return (
    <Card data-testid="service-card" data-service-id={service.id} data-status={service.status} className="flex flex-col">
      <CardContent className="flex flex-1 flex-col gap-3 pt-5 sm:pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-base font-semibold leading-tight">{service.name}</h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant="outline">{service.category}</Badge>
            <Badge variant={configured ? 'success' : 'destructive'} data-testid="service-status">
              {configured ? 'Konfiguriert' : 'Fehlt'}
            </Badge>
          </div>
        </div>
        <ServiceDetails service={service} />
        {editing && <UpdateKeyForm service={service} onDone={() => setEditing(false)} />}
        <ServiceActions service={service} editing={editing} onEdit={() => setEditing(true)} />
      </CardContent>
    </Card>
  );
}
