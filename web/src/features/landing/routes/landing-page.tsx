import { CallToAction } from '../components/call-to-action';
import { Features } from '../components/features';
import { Hero } from '../components/hero';
import { LandingFooter } from '../components/landing-footer';
import { LandingHeader } from '../components/landing-header';
import { Pricing } from '../components/pricing';

export function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <LandingHeader />
      <main className="flex-1">
        <Hero />
        <Features />
        <Pricing />
        <CallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
