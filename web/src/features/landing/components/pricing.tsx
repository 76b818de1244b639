import { Check } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatEuroFromCents } from '@/lib/format';
import { useLimits, type Limits } from '@/lib/limits';

type Plan = { name: string; price: string; note: string; features: string[]; cta: string; highlight: boolean };

/** The two plans; every number comes from the server's `GET /api/limits`. */
export function pricingPlans(limits: Limits): Plan[] {
  const perCent = `1 Cent pro ${limits.chars_per_cent} Zeichen`;
  const bonusChars = (limits.signup_bonus_cent * limits.chars_per_cent).toLocaleString('de-DE');
  return [
    {
      name: 'Kostenlos',
      price: '0 €',
      note: 'zum Ausprobieren',
      features: [`${formatEuroFromCents(limits.signup_bonus_cent)} Startguthaben (= ${bonusChars} Zeichen)`, '5 Demo-Stimmen', 'API-Zugang'],
      cta: 'Kostenlos registrieren',
      highlight: false,
    },
    {
      name: 'Pay-per-Use',
      price: '1 Cent',
      note: `pro ${limits.chars_per_cent} Zeichen`,
      features: [perCent, '30+ Stimmen', 'Voice Cloning'],
      cta: 'Jetzt starten',
      highlight: true,
    },
  ];
}

export function Pricing() {
  const limits = useLimits();
  return (
    <section className="border-y border-border bg-card/60" aria-labelledby="pricing-title">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="pricing-title" className="text-3xl font-semibold tracking-tight">
            Transparente Preise
          </h2>
          <p className="mt-3 text-muted-foreground">Sie zahlen nur, was Sie nutzen. Keine Grundgebühr, kein Abo.</p>
        </div>
        {limits.isPending && <LoadingScreen label="Preise werden geladen..." className="min-h-40" />}
        {limits.isError && (
          <LoadErrorAlert
            title="Preise konnten nicht geladen werden"
            error={limits.error}
            onRetry={() => void limits.refetch()}
            className="mx-auto mt-12 max-w-xl"
          />
        )}
        <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
          {limits.data && pricingPlans(limits.data).map((plan) => (
            <Card
              key={plan.name}
              data-testid="pricing-card"
              className={cn('relative flex flex-col', plan.highlight && 'border-primary shadow-md ring-1 ring-primary')}
            >
              {plan.highlight && (
                <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-medium text-primary-foreground">
                  Beliebt
                </span>
              )}
              <CardContent className="flex flex-1 flex-col pt-7 sm:pt-8">
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                <p className="mt-4 flex items-baseline gap-2">
                  <span className="text-4xl font-semibold tracking-tight">{plan.price}</span>
                  <span className="text-sm text-muted-foreground">{plan.note}</span>
                </p>
                <ul className="mt-6 flex flex-1 flex-col gap-3">
                  {plan.features.map((f) => (
                    <li key={f} className="flex items-center gap-3 text-sm">
                      <span className="flex size-5 items-center justify-center rounded-full bg-success-soft text-success">
                        <Check className="size-3.5" aria-hidden="true" />
                      </span>
                      {f}
                    </li>
                  ))}
                </ul>
                <ButtonLink
                  to={paths.signup}
                  variant={plan.highlight ? 'primary' : 'outline'}
                  className="mt-8 w-full"
                >
                  {plan.cta}
                </ButtonLink>
              </CardContent>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}
