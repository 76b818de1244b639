import { PlayCircle } from 'lucide-react';
import { PublicHeader } from '@/components/layout/public-header';
import { ButtonLink } from '@/components/ui/button';

export function LandingHeader() {
  return (
    <PublicHeader
      secondaryLink={
        <ButtonLink to="/live-demo" variant="ghost" size="sm">
          <PlayCircle aria-hidden="true" />
          Live Demo
        </ButtonLink>
      }
    />
  );
}
