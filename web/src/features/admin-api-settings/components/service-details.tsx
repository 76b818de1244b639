import { ExternalLink, KeyRound } from 'lucide-react';
import type { Service } from '../api/types';
import { SOURCE_LABELS } from '../utils/categories';

function ExternalButtonLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
}

/** Where the key comes from, its last four characters, the description, secret name and links. */
export function ServiceDetails({ service }: { service: Service }) {
  return (
    <>
      {(service.source || service.key_last4) && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {service.source && <span data-testid="service-source">{SOURCE_LABELS[service.source] ?? service.source}</span>}
          {service.key_last4 && (
            <span className="inline-flex items-center gap-1">
              <KeyRound className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Schlüssel endet auf</span>
              <code className="font-mono text-foreground" data-testid="service-last4">
                …{service.key_last4}
              </code>
            </span>
          )}
        </div>
      )}
      <p className="text-sm text-muted-foreground">{service.description}</p>
      <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        Secret:
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground" data-testid="service-secret">
          {service.secret_name}
        </code>
      </p>
      {(service.key_url || service.docs_url) && (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {service.key_url && <ExternalButtonLink href={service.key_url}>API-Key erhalten</ExternalButtonLink>}
          {service.docs_url && <ExternalButtonLink href={service.docs_url}>Dokumentation</ExternalButtonLink>}
        </div>
      )}
    </>
  );
}
