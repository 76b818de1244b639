import { createContext, useContext, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { useChapterParts, partsVersion } from '../api/get-chapter-parts';
import type { ChapterDetail, HeardPart } from '../api/types';
import { useJoinVersion } from '../hooks/use-join-version';

type ChapterListening = {
  /** The name of the joined audio now (see `useJoinVersion`). */
  joinVersion: string;
  /** Where each paragraph is heard in the joined audio, by paragraph id (empty until known). */
  parts: ReadonlyMap<string, HeardPart>;
  /** The player's "play from `seconds`", set while the chapter player is shown. */
  playFromRef: RefObject<((seconds: number) => void) | null>;
};

const NO_PARTS: ReadonlyMap<string, HeardPart> = new Map();
// Outside a chapter (a paragraph shown on its own): nothing joined, nothing to seek.
const Listening = createContext<ChapterListening>({ joinVersion: '', parts: NO_PARTS, playFromRef: { current: null } });

/**
 * What the chapter's player and its paragraphs share: the joined audio's version, where each
 * paragraph is heard in it (and which changed since), and the player's seek, so a paragraph
 * can play the chapter from its start ("Ab hier abspielen").
 */
export function ChapterListen({ projectId, chapter, children }: { projectId: string; chapter: ChapterDetail; children: ReactNode }) {
  const joinVersion = useJoinVersion(chapter.audio ?? null);
  const query = useChapterParts(projectId, chapter.id, partsVersion(chapter, joinVersion), !!chapter.audio);
  const playFromRef = useRef<((seconds: number) => void) | null>(null);
  const list = chapter.audio ? query.data?.parts : undefined;
  const value = useMemo(() => {
    const parts = list ? new Map(list.map((part) => [part.paragraph_id, part])) : NO_PARTS;
    return { joinVersion, parts, playFromRef };
  }, [joinVersion, list]);
  return <Listening.Provider value={value}>{children}</Listening.Provider>;
}

export function useChapterListening(): ChapterListening {
  return useContext(Listening);
}

/** Where the paragraph is heard in the chapter audio, or null (not joined, or not in it). */
export function useHeardPart(paragraphId: string): HeardPart | null {
  return useChapterListening().parts.get(paragraphId) ?? null;
}
