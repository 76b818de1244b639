import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { formatCents, formatDateTime, truncate } from '@/lib/format';
import { JOB_STATUS_VARIANTS, statusLabel } from '@/lib/job-status';
import { useLibraryJobs } from '@/lib/library';

const SOURCE_API = { source: 'api' as const, trash: 'all' as const };

/** The newest jobs made through the API. */
export function RecentApiJobs() {
  const { query, jobs } = useLibraryJobs(SOURCE_API);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Letzte API-Aufträge</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingSkeleton label="API-Aufträge werden geladen…" />
        ) : jobs.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="api-jobs-empty">
            Noch keine Aufträge über die API.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Letzte API-Aufträge">
            {jobs.slice(0, 10).map((job) => (
              <li key={job.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-testid="api-job">
                <span className="min-w-0 flex-1 truncate">{truncate(job.text, 80)}</span>
                <span className="text-xs text-muted-foreground">{job.voice.name}</span>
                <span className="whitespace-nowrap text-xs tabular-nums text-muted-foreground">{formatCents(job.cost_cent)}</span>
                <span className="text-xs text-muted-foreground">{formatDateTime(job.created_at)}</span>
                <Badge variant={JOB_STATUS_VARIANTS[job.status]}>{statusLabel(job.status)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
