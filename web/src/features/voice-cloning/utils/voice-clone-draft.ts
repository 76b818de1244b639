/**
 * The unfinished voice-clone wizard, kept in this browser: the form in localStorage
 * (`voice-clone-draft`) and the recordings as Blobs in IndexedDB (`VoiceCloneDB`, keyed by
 * user id and wizard step). Shared so the clone list can offer "continue or discard" too.
 * A draft belongs to one user: `loadDraft` of anyone else answers null.
 */

export const DRAFT_STORAGE_KEY = 'voice-clone-draft';
export const DRAFT_DB_NAME = 'VoiceCloneDB';
const DB_VERSION = 1;
const STORE = 'recordings';

export type VoiceCloneDraft = {
  userId: string;
  step: number;
  name: string;
  description: string;
  clonedFrom: string;
  textSize: number;
  scrollSpeed: number;
  consents: { ownVoice: boolean; usage: boolean; terms: boolean };
  recordingCount: number;
  /** RFC 3339 time of the last save. */
  lastSaved: string;
};

export type DraftRecording = { userId: string; step: number; blob: Blob; durationSeconds: number };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isDraft(value: unknown): value is VoiceCloneDraft {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Record<string, unknown>;
  return (
    typeof d.userId === 'string' &&
    typeof d.step === 'number' &&
    typeof d.name === 'string' &&
    typeof d.clonedFrom === 'string' &&
    typeof d.textSize === 'number' &&
    typeof d.scrollSpeed === 'number' &&
    typeof d.consents === 'object' &&
    d.consents !== null
  );
}

function storedUserId(): string | null {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(DRAFT_STORAGE_KEY) ?? 'null');
    return isDraft(parsed) ? parsed.userId : null;
  } catch {
    return null;
  }
}

/** The saved draft of this user, or null (none, unreadable, or another user's). */
export function loadDraft(userId: string): VoiceCloneDraft | null {
  const raw = storage()?.getItem(DRAFT_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isDraft(parsed) || parsed.userId !== userId) return null;
    const c = parsed.consents as Partial<VoiceCloneDraft['consents']>;
    return {
      ...parsed,
      description: typeof parsed.description === 'string' ? parsed.description : '',
      consents: { ownVoice: c.ownVoice === true, usage: c.usage === true, terms: c.terms === true },
      recordingCount: typeof parsed.recordingCount === 'number' ? parsed.recordingCount : 0,
      lastSaved: typeof parsed.lastSaved === 'string' ? parsed.lastSaved : '',
    };
  } catch {
    return null;
  }
}

/**
 * Saves the form part of the draft (stamps `lastSaved` when missing); returns what was saved.
 * There is one draft per browser: another user's draft it replaces loses its recordings too.
 */
export function saveDraft(draft: Omit<VoiceCloneDraft, 'lastSaved'> & { lastSaved?: string }): VoiceCloneDraft {
  const saved: VoiceCloneDraft = { ...draft, lastSaved: draft.lastSaved ?? new Date().toISOString() };
  const previous = storedUserId();
  if (previous && previous !== draft.userId) void deleteDraftRecordings(previous);
  try {
    storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    /* storage full or disabled: the draft is a convenience */
  }
  return saved;
}

/** Deletes this user's draft: the form (if it is theirs) and the recordings. */
export async function clearDraft(userId: string): Promise<void> {
  const raw = storage()?.getItem(DRAFT_STORAGE_KEY);
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!isDraft(parsed) || parsed.userId === userId) storage()?.removeItem(DRAFT_STORAGE_KEY);
    } catch {
      storage()?.removeItem(DRAFT_STORAGE_KEY);
    }
  }
  await deleteDraftRecordings(userId);
}

// --- IndexedDB: a tiny promise wrapper, no library ---------------------------------------

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const req = indexedDB.open(DRAFT_DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: ['userId', 'step'] });
    };
    req.onsuccess = () => resolve(req.result);
    // Private mode or blocked storage: drafts simply have no recordings.
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => Promise<T>, fallback: T): Promise<T> {
  const db = await openDb();
  if (!db) return fallback;
  try {
    const tx = db.transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    const [result] = await Promise.all([run(tx.objectStore(STORE)), done]);
    return result;
  } catch {
    return fallback;
  } finally {
    db.close();
  }
}

/** Stores (or replaces) the recording of one wizard step. */
export function saveDraftRecording(recording: DraftRecording): Promise<void> {
  return withStore('readwrite', async (store) => void (await request(store.put(recording))), undefined);
}

/** Removes the recording of one wizard step. */
export function deleteDraftRecording(userId: string, step: number): Promise<void> {
  return withStore('readwrite', async (store) => void (await request(store.delete([userId, step]))), undefined);
}

/** All recordings of this user's draft, by wizard step. */
export function loadDraftRecordings(userId: string): Promise<DraftRecording[]> {
  return withStore(
    'readonly',
    async (store) => {
      const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
      return (await request(store.getAll(range))) as DraftRecording[];
    },
    [],
  );
}

/** Removes every recording of this user's draft. */
export function deleteDraftRecordings(userId: string): Promise<void> {
  return withStore(
    'readwrite',
    async (store) => {
      await request(store.delete(IDBKeyRange.bound([userId, -Infinity], [userId, Infinity])));
    },
    undefined,
  );
}
