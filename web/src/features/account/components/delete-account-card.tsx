import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The danger zone: deleting the account (after the password). */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/40" data-testid="delete-account-card">
      <CardHeader>
        <CardTitle className="text-destructive">Konto löschen</CardTitle>
        <CardDescription>
          Löscht Ihr Konto mit allen Audios, eigenen Stimmen und Daten. Buchungen bleiben anonym für die Buchhaltung
          erhalten.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)} data-testid="delete-account">
          <Trash2 aria-hidden="true" />
          Konto löschen
        </Button>
      </CardContent>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}
