import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { meQueryOptions } from '@/lib/auth';

export type TopUpReturn = 'success' | 'cancel' | null;

/** How often and how long the balance is read again after a payment (the webhook may lag). */
export const TOP_UP_POLL_MS = 2_000;
export const TOP_UP_POLL_FOR_MS = 60_000;

/**
 * Stripe sends the person back with `?topup=success` or `?topup=cancel`. After a payment the
 * credit comes with Stripe's webhook, maybe a moment later: `GET /api/me` is read every 2 s
 * for up to a minute, so the balance updates without a reload.
 */
export function useTopUpReturn(): TopUpReturn {
  const [params] = useSearchParams();
  const value = params.get('topup');
  const result: TopUpReturn = value === 'success' || value === 'cancel' ? value : null;
  const [polling, setPolling] = useState(result === 'success');

  useEffect(() => {
    if (!polling) return;
    const timer = window.setTimeout(() => setPolling(false), TOP_UP_POLL_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [polling]);

  useQuery({ ...meQueryOptions(), refetchInterval: polling ? TOP_UP_POLL_MS : false, refetchIntervalInBackground: true });
  return result;
}
