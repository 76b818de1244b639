import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { projectPath } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatEuroFromCents } from '@/lib/format';
import type { ChapterSummary } from '../api/types';
import { StateBadge } from './state-badge';

/** The project's chapters in order (numbered by place: the server's `position` may count from 0); the open one is marked, each links to itself (`?kapitel=`). */
export function ChapterList({ projectId, chapters, selectedId }: { projectId: string; chapters: ChapterSummary[]; selectedId: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="chapters-title">Kapitel</CardTitle>
      </CardHeader>
      <CardContent>
        <nav aria-labelledby="chapters-title">
          <ol className="flex flex-col gap-1">
            {chapters.map((chapter, index) => {
              const selected = chapter.id === selectedId;
              return (
                <li key={chapter.id}>
                  <Link
                    to={projectPath(projectId, chapter.id)}
                    aria-current={selected ? 'page' : undefined}
                    className={cn(
                      'flex flex-col gap-1 rounded-lg border px-3 py-2 text-sm transition-colors',
                      selected ? 'border-primary bg-primary-soft' : 'border-transparent hover:bg-muted',
                    )}
                    data-testid="chapter-item"
                    data-state={chapter.state}
                    data-chapter-id={chapter.id}
                  >
                    <span className="break-words font-medium">
                      {index + 1}. {chapter.title}
                    </span>
                    <span className="flex flex-wrap items-center gap-2">
                      <StateBadge state={chapter.state} of="chapter" />
                      <span className="whitespace-nowrap text-xs text-muted-foreground">{formatEuroFromCents(chapter.cost_cent)}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ol>
        </nav>
      </CardContent>
    </Card>
  );
}
