import { paths } from '@/config/paths';
import { ComingSoon } from '@/components/ui/coming-soon';

/** Screens whose issues have not landed yet. */
export const placeholderRoutes: Array<{ path: string; title: string; admin?: boolean }> = [
  { path: paths.voiceCloning, title: 'Stimmen Klonen' },
  { path: paths.admin.voices, title: 'Stimmenverwaltung', admin: true },
];

export function PlaceholderPage({ title }: { title: string }) {
  return <ComingSoon title={title} />;
}
