import { Wallet } from 'lucide-react';
import { TopUpButton } from '@/components/billing/top-up-button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatEuroFromCents } from '@/lib/format';

/** The balance in euros with two decimals. */
export function BalanceCard({ balanceCent }: { balanceCent: number }) {
  return (
    <Card className="flex flex-col" data-testid="account-balance-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wallet className="size-4 text-primary" aria-hidden="true" />
          Guthaben
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-center gap-1">
        <p className="whitespace-nowrap text-3xl font-semibold tracking-tight tabular-nums" data-testid="account-balance">
          {formatEuroFromCents(balanceCent)}
        </p>
        <p className="text-sm text-muted-foreground">Verfügbares Guthaben für TTS-Generierungen</p>
        <TopUpButton className="mt-3 self-start" data-testid="account-top-up">
          Aufladen
        </TopUpButton>
      </CardContent>
    </Card>
  );
}
