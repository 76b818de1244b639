//! The job kinds the API enqueues: a payload is only its row's id.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// A kind of background job whose state is a Postgres row and whose payload is its id.
/// The handler, retry policy and recovery of each kind live in `worker/src/jobs/`.
pub trait Job: Serialize + DeserializeOwned + Clone + Send + Sync + Unpin + 'static {
    /// Stable name, used in logs and worker names.
    const NAME: &'static str;
    /// The Redis queue, below the installation's prefix.
    const QUEUE: &'static str;

    fn new(id: Uuid) -> Self;
    fn id(&self) -> Uuid;
}

/// Declares a job payload `{ id }` (the API enqueues these, so they live in `shared`).
macro_rules! job_payload {
    ($(#[$meta:meta])* $name:ident, $job_name:literal, $queue:literal) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
        pub struct $name {
            pub id: Uuid,
        }

        impl Job for $name {
            const NAME: &'static str = $job_name;
            const QUEUE: &'static str = $queue;
            fn new(id: Uuid) -> Self {
                Self { id }
            }
            fn id(&self) -> Uuid {
                self.id
            }
        }
    };
}

job_payload!(
    /// Turn one paid `tts_jobs` row into an MP3.
    Synthesize,
    "synthesize",
    "tts:synthesize"
);

job_payload!(
    /// Train (or keep training) one clone voice (`voices` row in training_in_progress).
    TrainVoice,
    "train_voice",
    "clone:train"
);

job_payload!(
    /// Speak one live-demo request (`demo_requests` row) in the worker's priority lane: a
    /// queue of its own with its own slots, so paid backlogs never delay a visitor and a
    /// burst of visitors never occupies the API.
    DemoSpeech,
    "demo_speech",
    "demo:speak"
);

job_payload!(
    /// Joins a project chapter's finished paragraphs into one MP3 (id: the chapter).
    AssembleChapter,
    "assemble_chapter",
    "project:assemble"
);

job_payload!(
    /// Makes a project export (id: the export).
    ExportProject,
    "export_project",
    "project:export"
);
