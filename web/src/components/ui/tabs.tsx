import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Radix Tabs: roving focus with the arrow keys, tab/tabpanel roles and ids. */
export function Tabs(props: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root {...props} />;
}

/**
 * The row of tabs: equal columns by default; `wrap` lets tabs of their own width wrap onto
 * further rows where they do not fit (many or long names on a phone).
 */
export function TabsList({ className, wrap = false, ...props }: ComponentProps<typeof TabsPrimitive.List> & { wrap?: boolean }) {
  return (
    <TabsPrimitive.List
      className={cn(wrap ? 'flex flex-wrap' : 'grid auto-cols-fr grid-flow-col', 'gap-1 rounded-lg bg-muted p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'h-9 cursor-pointer rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-5', className)} {...props} />;
}
