import type { Service, ServiceCategory } from '../api/types';

/** The four service categories, in display order (spec section 9). */
export const SERVICE_CATEGORIES: ServiceCategory[] = ['AI/ML', 'Cloud', 'Payment', 'Database'];

export type CategoryCount = { category: ServiceCategory; total: number; configured: number };

export function countByCategory(services: Service[]): CategoryCount[] {
  return SERVICE_CATEGORIES.map((category) => {
    const inCategory = services.filter((s) => s.category === category);
    return { category, total: inCategory.length, configured: inCategory.filter((s) => s.status === 'configured').length };
  });
}

export const SOURCE_LABELS: Record<NonNullable<Service['source']>, string> = {
  environment: 'aus Umgebungsvariable',
  database: 'im Tresor gespeichert',
};
