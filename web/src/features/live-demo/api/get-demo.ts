import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { demoKeys } from './keys';
import type { DemoConfig } from './types';

/** `GET /api/demo`: limits, remaining tries and the demo voices (also sets the demo cookie). */
export function getDemo(): Promise<DemoConfig> {
  return api.get<DemoConfig>('/api/demo');
}

export const getDemoQueryOptions = () =>
  queryOptions({
    queryKey: demoKeys.config(),
    queryFn: getDemo,
  });

export function useDemo() {
  return useQuery(getDemoQueryOptions());
}
