import {
  AudioLines,
  BookOpen,
  CircleUser,
  Code,
  KeyRound,
  LayoutDashboard,
  Mic,
  MicVocal,
  SpellCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

export type NavLeaf = { label: string; to: string; icon?: LucideIcon; end?: boolean };
export type NavItem = NavLeaf & { children?: NavLeaf[] };

export const MAIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: LayoutDashboard, end: true },
  { label: 'Text zu Sprache', to: paths.tts, icon: AudioLines },
  { label: 'Stimmen Klonen', to: paths.voiceCloning, icon: Mic },
  { label: 'Speak Knowledge', to: paths.knowledge, icon: BookOpen },
  { label: 'Aussprache', to: paths.pronunciation, icon: SpellCheck },
  {
    label: 'API',
    to: paths.api.root,
    icon: Code,
    children: [
      { label: 'API Dashboard', to: paths.api.root, end: true },
      { label: 'API Scripts', to: paths.api.scripts },
      { label: 'API Settings', to: paths.api.settings },
      { label: 'API Dokumentation', to: paths.api.docs },
    ],
  },
  { label: 'Account', to: paths.account, icon: CircleUser },
];

export const ADMIN_NAV: NavItem[] = [
  { label: 'Benutzerverwaltung', to: paths.admin.users, icon: Users },
  { label: 'Stimmenverwaltung', to: paths.admin.voices, icon: MicVocal },
  { label: 'API-Einstellungen', to: paths.admin.apiSettings, icon: KeyRound },
];
