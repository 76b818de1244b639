import { VoiceSelectionPanel } from '@/components/ui/voice-selection-panel';
import type { DemoConfig } from '../api/types';
import { useDemoForm } from '../hooks/use-demo-form';
import { DemoTextCard } from './demo-text-card';

/** The demo: text and result on the left, the voice selection on the right (from 1024 px). */
export function DemoForm({ config }: { config: DemoConfig }) {
  const demo = useDemoForm(config);
  return (
    <form
      noValidate
      aria-label="Live Demo"
      onSubmit={demo.submit}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <DemoTextCard demo={demo} />
      <VoiceSelectionPanel
        selection={demo.selection}
        description="Sprache, Anbieter und Sprecher für Ihren Test."
        listTestId="demo-voice-list"
        optionTestId="demo-voice-option"
      />
    </form>
  );
}
