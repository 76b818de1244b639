import { ArrowLeft } from 'lucide-react';
import { PublicHeader } from '@/components/layout/public-header';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function DemoHeader() {
  return (
    <PublicHeader
      secondaryLink={
        <ButtonLink to={paths.home} variant="ghost" size="sm">
          <ArrowLeft aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Zur Startseite</span>
        </ButtonLink>
      }
    />
  );
}
