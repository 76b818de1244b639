/** Query key factory of the live demo, general to specific. */
export const demoKeys = {
  all: ['live-demo'] as const,
  config: () => [...demoKeys.all, 'config'] as const,
};
