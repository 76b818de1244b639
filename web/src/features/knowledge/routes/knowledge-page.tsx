import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CategoriesTab } from '../components/categories-tab';
import { ClonesTab } from '../components/clones-tab';
import { KnowledgeSettingsButton } from '../components/knowledge-settings-dialog';
import { KnowledgeTab } from '../components/knowledge-tab';

export function KnowledgePage() {
  return (
    <>
      <PageHeader title="Speak Knowledge Base" description="Alle Ihre Audios: durchsuchen, ordnen und verwalten." actions={<KnowledgeSettingsButton />} />
      <Tabs defaultValue="knowledge">
        <TabsList className="max-w-lg">
          <TabsTrigger value="knowledge">Knowledge Base</TabsTrigger>
          <TabsTrigger value="categories">Kategorien</TabsTrigger>
          <TabsTrigger value="clones">Klone</TabsTrigger>
        </TabsList>
        <TabsContent value="knowledge">
          <KnowledgeTab />
        </TabsContent>
        <TabsContent value="categories">
          <CategoriesTab />
        </TabsContent>
        <TabsContent value="clones">
          <ClonesTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
