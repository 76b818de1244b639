import { ComingSoon } from '@/components/ui/coming-soon';

/** Screens whose issues have not landed yet. */
export const placeholderRoutes: Array<{ path: string; title: string; admin?: boolean }> = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/dashboard/voice-cloning', title: 'Stimmen Klonen' },
  { path: '/dashboard/knowledge', title: 'Speak Knowledge Base' },
  { path: '/dashboard/api', title: 'API Dashboard' },
  { path: '/dashboard/api/scripts', title: 'API Scripts' },
  { path: '/dashboard/api/settings', title: 'API Settings' },
  { path: '/dashboard/api/docs', title: 'API Dokumentation' },
  { path: '/dashboard/account', title: 'Mein Account' },
  { path: '/admin/users', title: 'Benutzerverwaltung', admin: true },
  { path: '/admin/voices', title: 'Stimmenverwaltung', admin: true },
];

export function PlaceholderPage({ title }: { title: string }) {
  return <ComingSoon title={title} />;
}
