import { Code, Mic, Users } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

const FEATURES = [
  {
    icon: Users,
    title: 'Stimmen zum Probehören',
    text: 'Männliche und weibliche Sprecher in Deutsch und weiteren Sprachen. Jede Stimme hat eine kostenlose Hörprobe; die Live Demo probieren Sie ohne Anmeldung.',
  },
  {
    icon: Mic,
    title: 'Voice Cloning',
    text: 'Erstellen Sie in wenigen Schritten Ihre eigene Stimme und nutzen Sie sie für alle Ihre Inhalte.',
  },
  {
    icon: Code,
    title: 'API-Zugang',
    text: 'Binden Sie die Sprachausgabe über eine einfache API direkt in Ihre Produkte und Arbeitsabläufe ein.',
  },
];

export function Features() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6" aria-labelledby="features-title">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-title" className="text-3xl font-semibold tracking-tight">
          Alles für professionelle Sprachausgabe
        </h2>
        <p className="mt-3 text-muted-foreground">Vom ersten Satz bis zur Integration in Ihre Anwendung.</p>
      </div>
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Card key={title} className="transition-shadow hover:shadow-md">
            <CardContent className="pt-6 sm:pt-7">
              <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
