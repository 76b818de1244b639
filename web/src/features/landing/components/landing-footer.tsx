import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

export function LandingFooter() {
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <Logo />
          <p className="mt-2 text-sm text-muted-foreground">Natürliche Sprachausgabe aus Text für den deutschsprachigen Raum.</p>
        </div>
        <nav aria-label="Fußnavigation" className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
          <Link to={paths.liveDemo} className="hover:text-foreground">
            Live Demo
          </Link>
          <Link to={paths.auth} className="hover:text-foreground">
            Anmelden
          </Link>
          <Link to={paths.signup} className="hover:text-foreground">
            Registrieren
          </Link>
        </nav>
        <p className="text-sm text-muted-foreground">© {new Date().getFullYear()} Stimmwerk</p>
      </div>
    </footer>
  );
}
