import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function CallToAction() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <div className="flex flex-col items-center gap-6 rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12">
        <h2 className="max-w-2xl text-3xl font-semibold tracking-tight">Bereit, Ihren Texten eine Stimme zu geben?</h2>
        <p className="max-w-xl text-primary-foreground/80">
          Registrieren Sie sich in einer Minute und erzeugen Sie Ihr erstes Audio mit Ihrem Startguthaben.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.signup} size="lg" variant="secondary" className="bg-white text-primary hover:bg-white/90">
            Jetzt registrieren
            <ArrowRight aria-hidden="true" />
          </ButtonLink>
          <ButtonLink
            to={paths.liveDemo}
            size="lg"
            variant="outline"
            className="border-white/40 bg-transparent text-primary-foreground hover:bg-white/10"
          >
            Live Demo
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
