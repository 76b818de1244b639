import type { LucideIcon } from 'lucide-react';

export type NavLeaf = { label: string; to: string; icon?: LucideIcon; end?: boolean };
export type NavItem = NavLeaf & { children?: NavLeaf[] };

/** The sidebar's two lists; the app builds them from its route table. */
export type Navigation = { main: NavItem[]; admin: NavItem[] };
