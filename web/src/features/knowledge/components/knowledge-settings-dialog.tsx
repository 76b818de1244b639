import { Settings } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CategoryManager } from './category-manager';
import { TagManager } from './tag-manager';

/** "Knowledge Base Einstellungen": the category and tag managers in one dialog. */
export function KnowledgeSettingsButton({ initialTab = 'categories' }: { initialTab?: 'categories' | 'tags' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="kb-settings">
        <Settings aria-hidden="true" /> Knowledge Base Einstellungen
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Knowledge Base Einstellungen" description="Kategorien und Tags anlegen, umbenennen und löschen." className="max-w-2xl">
        <Tabs defaultValue={initialTab}>
          <TabsList className="max-w-xs">
            <TabsTrigger value="categories">Kategorien</TabsTrigger>
            <TabsTrigger value="tags">Tags</TabsTrigger>
          </TabsList>
          <TabsContent value="categories">
            <CategoryManager />
          </TabsContent>
          <TabsContent value="tags">
            <TagManager />
          </TabsContent>
        </Tabs>
      </Dialog>
    </>
  );
}
