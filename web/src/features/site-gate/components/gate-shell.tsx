import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';
import { MAIN_CONTENT_ID } from '@/config/paths';

/** The frame of the gate: the logo and a centred `<main>`; nothing of the app behind it. */
export function GateShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-primary-soft/60 to-background">
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-5 sm:px-6">
        <Logo />
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 focus:outline-none sm:pt-12"
      >
        {children}
      </main>
    </div>
  );
}
