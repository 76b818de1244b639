import { SkipLink } from '@/components/layout/skip-link';
import { MAIN_CONTENT_ID } from '@/config/paths';
import { CallToAction } from '../components/call-to-action';
import { Features } from '../components/features';
import { Hero } from '../components/hero';
import { LandingFooter } from '../components/landing-footer';
import { LandingHeader } from '../components/landing-header';
import { Pricing } from '../components/pricing';

export function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <LandingHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Hero />
        <Features />
        <Pricing />
        <CallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
