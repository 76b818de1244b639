/** Query key factory of the account page, general to specific. */
export const accountKeys = {
  all: ['account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  transactions: () => [...accountKeys.all, 'transactions'] as const,
  transactionPage: (page: number, perPage: number) => [...accountKeys.transactions(), { page, perPage }] as const,
  twoFactor: () => [...accountKeys.all, 'two-factor'] as const,
};
