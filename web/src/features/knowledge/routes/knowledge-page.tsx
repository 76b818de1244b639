import { ComingSoon } from '@/components/ui/coming-soon';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { KnowledgeTab } from '../components/knowledge-tab';

export function KnowledgePage() {
  return (
    <>
      <PageHeader title="Speak Knowledge Base" description="Alle Ihre Audios: durchsuchen, ordnen und verwalten." />
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
          <ComingSoon title="Kategorien" />
        </TabsContent>
        <TabsContent value="clones">
          <ComingSoon title="Klone" />
        </TabsContent>
      </Tabs>
    </>
  );
}
