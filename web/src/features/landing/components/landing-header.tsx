import { PlayCircle } from 'lucide-react';
import { PublicHeader } from '@/components/layout/public-header';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function LandingHeader() {
  return (
    <PublicHeader
      secondaryLink={
        <ButtonLink to={paths.liveDemo} variant="ghost" size="sm">
          <PlayCircle aria-hidden="true" className="max-sm:hidden" />
          Live Demo
        </ButtonLink>
      }
    />
  );
}
