import {
  AudioLines,
  BookOpen,
  CircleUser,
  Code,
  KeyRound,
  LayoutDashboard,
  Mic,
  MicVocal,
  Users,
  type LucideIcon,
} from 'lucide-react';

export type NavLeaf = { label: string; to: string; icon?: LucideIcon; end?: boolean };
export type NavItem = NavLeaf & { children?: NavLeaf[] };

export const MAIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard, end: true },
  { label: 'Text zu Sprache', to: '/dashboard/tts', icon: AudioLines },
  { label: 'Stimmen Klonen', to: '/dashboard/voice-cloning', icon: Mic },
  { label: 'Speak Knowledge', to: '/dashboard/knowledge', icon: BookOpen },
  {
    label: 'API',
    to: '/dashboard/api',
    icon: Code,
    children: [
      { label: 'API Dashboard', to: '/dashboard/api', end: true },
      { label: 'API Scripts', to: '/dashboard/api/scripts' },
      { label: 'API Settings', to: '/dashboard/api/settings' },
      { label: 'API Dokumentation', to: '/dashboard/api/docs' },
    ],
  },
  { label: 'Account', to: '/dashboard/account', icon: CircleUser },
];

export const ADMIN_NAV: NavItem[] = [
  { label: 'Benutzerverwaltung', to: '/admin/users', icon: Users },
  { label: 'Stimmenverwaltung', to: '/admin/voices', icon: MicVocal },
  { label: 'API-Einstellungen', to: '/admin/api-settings', icon: KeyRound },
];
