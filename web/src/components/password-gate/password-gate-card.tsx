import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

type PasswordGateCardProps = {
  title: string;
  /** 1 on a screen of its own (the site gate), 2 inside a page with its own heading. */
  headingLevel: 1 | 2;
  description: ReactNode;
  children: ReactNode;
};

/** The lock, a heading and why a password is asked, above the password form. */
export function PasswordGateCard({ title, headingLevel, description, children }: PasswordGateCardProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Card className="w-full max-w-md">
      <CardContent className="flex flex-col gap-6 pt-8 sm:pt-8">
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <LockKeyhole className="size-5" aria-hidden="true" />
          </span>
          <Heading className="text-xl font-semibold tracking-tight">{title}</Heading>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
