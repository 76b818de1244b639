//! A project as callers see it (the web app and `/v1` alike): states and costs worked out
//! from the paragraphs' facts, links under the caller's base path. The wire shapes are
//! the api's (`api/src/routes/projects.rs`).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Reading, cost_of, state_of};
use crate::db::project_exports::ExportRow;
use crate::db::projects::{ChapterRow, ParagraphFacts, ProjectRow, SummaryRow};
use crate::domain::kinds::{ExportProfile, JobStatus};
use crate::domain::project::{ExportFormat, ParagraphState};

/// A project in the list.
#[derive(Debug, Clone)]
pub struct ProjectSummary {
    pub id: Uuid,
    pub title: String,
    pub voice_id: Option<Uuid>,
    pub chapter_count: i64,
    pub paragraph_count: i64,
    /// Paragraphs with finished audio.
    pub done_paragraphs: i64,
    pub characters: i64,
    /// What rendering the whole project costs, in cent.
    pub cost_cent: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<SummaryRow> for ProjectSummary {
    fn from(r: SummaryRow) -> Self {
        ProjectSummary {
            id: r.id,
            title: r.title,
            voice_id: r.voice_id,
            chapter_count: r.chapter_count,
            paragraph_count: r.paragraph_count,
            done_paragraphs: r.done_paragraphs,
            characters: r.characters,
            cost_cent: r.cost_cent,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

/// A chapter's joined audio: the last one made, kept while paragraphs change or render
/// again (nothing heard is taken away).
#[derive(Debug, Clone)]
pub struct ChapterAudio {
    pub url: String,
    pub duration_seconds: f64,
    /// The chapter's timed text (JSON); `…/subtitles?format=srt|vtt` next to it.
    pub timestamps_url: String,
    /// Joined from the paragraphs' chosen takes as they are now (false while a render or
    /// a newly chosen take waits to be joined in).
    pub current: bool,
}

#[derive(Debug, Clone)]
pub struct ChapterSummary {
    pub id: Uuid,
    pub position: i32,
    pub title: String,
    /// The chapter's own voice; null: the project's.
    pub voice_id: Option<Uuid>,
    pub characters: i64,
    /// What the whole chapter costs, in cent (each paragraph rounded up on its own).
    pub cost_cent: i64,
    /// What rendering the chapter now charges: its stale and failed paragraphs.
    pub stale_cost_cent: i64,
    pub paragraph_count: i64,
    pub done_paragraphs: i64,
    /// Paragraphs whose audio is out of date or missing (stale or failed).
    pub stale_paragraphs: i64,
    pub state: ParagraphState,
    /// Silence after the chapter, in milliseconds.
    pub pause_after_ms: i32,
    /// Null until the chapter was joined once.
    pub audio: Option<ChapterAudio>,
}

#[derive(Debug, Clone)]
pub struct ParagraphView {
    pub id: Uuid,
    pub position: i32,
    pub text: String,
    /// The paragraph's own voice (a second speaker); null: the chapter's.
    pub voice_id: Option<Uuid>,
    pub characters: i32,
    pub cost_cent: i64,
    pub state: ParagraphState,
    /// Stale because it changed (text, voice, delivery or a dictionary entry for one of
    /// its words) after it was rendered: its audio is out of date. A stale paragraph never
    /// rendered is not `changed`.
    pub changed: bool,
    pub delivery: crate::domain::project::Delivery,
    /// Its quotations („…“, »…«, "…"), in order, and the character cast for each (none:
    /// the narrator).
    pub quotations: Vec<String>,
    pub casting: Vec<Option<Uuid>>,
    /// Its chosen take can be heard on its own (`…/paragraphs/{id}/audio`).
    pub audio_url: Option<String>,
    /// Why its last rendering failed (it was refunded).
    pub error: Option<String>,
}

#[derive(Debug, Clone)]
pub struct ChapterDetail {
    pub chapter: ChapterSummary,
    /// One page of the paragraphs ([`Window`]); the summary counts them all.
    pub paragraphs: Vec<ParagraphView>,
    /// Where the next page starts; `None` after the last.
    pub next_offset: Option<usize>,
}

/// Which paragraphs of a chapter a view carries: a page, or one paragraph. A page holds
/// at most [`Window::MAX_PARAGRAPHS`] paragraphs and stops after about
/// [`Window::MAX_CHARS`] characters, so one answer stays small however a chapter grows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Window {
    Page { offset: usize, limit: usize },
    Paragraph(Uuid),
}

impl Window {
    pub const MAX_PARAGRAPHS: usize = 200;
    pub const MAX_CHARS: usize = 100_000;

    pub fn first_page() -> Window {
        Window::Page { offset: 0, limit: Window::MAX_PARAGRAPHS }
    }

    /// The page a caller asked for (both optional), or a German 422.
    pub fn page(offset: Option<u32>, limit: Option<u32>) -> crate::error::Result<Window> {
        let limit = limit.map_or(Window::MAX_PARAGRAPHS, |l| l as usize);
        if !(1..=Window::MAX_PARAGRAPHS).contains(&limit) {
            return Err(crate::error::Error::field(
                "limit",
                format!("Es lassen sich 1 bis {} Absätze auf einmal abrufen.", Window::MAX_PARAGRAPHS),
            ));
        }
        Ok(Window::Page { offset: offset.unwrap_or(0) as usize, limit })
    }

    /// The indices of `facts` this window shows.
    fn range(self, facts: &[ParagraphFacts]) -> std::ops::Range<usize> {
        match self {
            Window::Paragraph(id) => facts.iter().position(|p| p.id == id).map_or(0..0, |at| at..at + 1),
            Window::Page { offset, limit } => {
                let start = offset.min(facts.len());
                let mut end = start;
                let mut chars = 0;
                while end < facts.len() && end - start < limit && (end == start || chars < Window::MAX_CHARS) {
                    chars += facts[end].characters.max(0) as usize;
                    end += 1;
                }
                start..end
            }
        }
    }

    /// The indices of `facts` this window shows, and the paragraphs whose texts it needs.
    pub fn ids(self, facts: &[ParagraphFacts]) -> Vec<Uuid> {
        facts[self.range(facts)].iter().map(|p| p.id).collect()
    }
}

#[derive(Debug, Clone)]
pub struct ExportView {
    pub id: Uuid,
    pub format: ExportFormat,
    pub profile: ExportProfile,
    pub status: JobStatus,
    /// 0 to 1.
    pub progress: f64,
    pub error: Option<String>,
    pub size_bytes: Option<i64>,
    pub download_url: Option<String>,
    pub created_at: DateTime<Utc>,
    /// Its audio in the library (`/api/jobs/{id}`, `/v1/jobs/{id}`), once finished.
    pub job_id: Option<Uuid>,
}

#[derive(Debug, Clone)]
pub struct ProjectDetail {
    pub id: Uuid,
    pub title: String,
    pub voice_id: Option<Uuid>,
    pub characters: i64,
    pub cost_cent: i64,
    pub stale_cost_cent: i64,
    /// Paragraphs whose audio is out of date or missing, in all chapters.
    pub stale_paragraphs: i64,
    /// What the project's renders cost so far, less refunds (from the ledger).
    pub spent_cent: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub chapters: Vec<ChapterSummary>,
    pub exports: Vec<ExportView>,
}

/// The voice that speaks a paragraph: its own, else its chapter's, else the project's.
pub(crate) fn voice_of(paragraph: Option<Uuid>, chapter: Option<Uuid>, project: Option<Uuid>) -> Option<Uuid> {
    paragraph.or(chapter).or(project)
}

/// A chapter's summary from its paragraphs' facts.
pub(crate) fn chapter_summary(
    chapter: &ChapterRow,
    paragraphs: &[&ParagraphFacts],
    project_voice: Option<Uuid>,
    reading: &Reading,
    base: &str,
) -> ChapterSummary {
    let mut states = Vec::with_capacity(paragraphs.len());
    let (mut cost, mut stale_cost, mut characters) = (0, 0, 0i64);
    for p in paragraphs {
        let state = state_of(p, voice_of(p.voice_id, chapter.voice_id, project_voice), reading);
        cost += cost_of(p);
        characters += p.characters as i64;
        if state.needs_rendering() {
            stale_cost += cost_of(p);
        }
        states.push(state);
    }
    let done = states.iter().filter(|s| **s == ParagraphState::Done).count() as i64;
    let stale = states.iter().filter(|s| s.needs_rendering()).count() as i64;
    let state = ParagraphState::of_chapter(states);
    let current = super::assemble::current_audio_hash(chapter, paragraphs);
    let path = format!("{base}/{}/chapters/{}", chapter.project_id, chapter.id);
    let audio = match (&chapter.audio_key, chapter.duration_seconds) {
        (Some(_), Some(duration)) => Some(ChapterAudio {
            // The join's version in the address: players and caches (`max-age`) fetch a
            // new join, never the one before under the same address.
            url: format!("{path}/audio?v={}", chapter.audio_hash.as_deref().map_or("", |h| &h[..h.len().min(16)])),
            duration_seconds: duration,
            timestamps_url: format!("{path}/timestamps"),
            current: chapter.audio_hash.as_deref() == Some(&current),
        }),
        _ => None,
    };
    ChapterSummary {
        id: chapter.id,
        position: chapter.position,
        title: chapter.title.clone(),
        voice_id: chapter.voice_id,
        characters,
        cost_cent: cost,
        stale_cost_cent: stale_cost,
        paragraph_count: paragraphs.len() as i64,
        done_paragraphs: done,
        stale_paragraphs: stale,
        state,
        pause_after_ms: chapter.pause_after_ms,
        audio,
    }
}

/// A chapter's summary (all its paragraphs) and the paragraphs of `window`, with the
/// texts read for them. CPU work that grows with the chapter: run it off the async threads.
pub(crate) fn chapter_detail(
    chapter: &ChapterRow,
    facts: &[ParagraphFacts],
    window: Window,
    texts: &mut std::collections::HashMap<Uuid, String>,
    project_voice: Option<Uuid>,
    reading: &Reading,
    base: &str,
) -> ChapterDetail {
    let all: Vec<&ParagraphFacts> = facts.iter().collect();
    let summary = chapter_summary(chapter, &all, project_voice, reading, base);
    let range = window.range(facts);
    let next_offset = matches!(window, Window::Page { .. }).then_some(range.end).filter(|&end| end < facts.len());
    let paragraphs = facts[range]
        .iter()
        .map(|p| {
            let voice = voice_of(p.voice_id, chapter.voice_id, project_voice);
            let state = state_of(p, voice, reading);
            let text = texts.remove(&p.id).unwrap_or_default();
            let quotations: Vec<String> =
                crate::domain::project::quotations(&text).into_iter().map(|r| text[r].to_owned()).collect();
            ParagraphView {
                id: p.id,
                position: p.position,
                text,
                quotations,
                casting: p.casting.0.clone(),
                voice_id: p.voice_id,
                characters: p.characters,
                cost_cent: cost_of(p),
                state,
                changed: state == ParagraphState::Stale && p.job_id.is_some(),
                error: (state == ParagraphState::Failed).then(|| p.job_error.clone()).flatten(),
                delivery: p.delivery.0,
                // The chosen take's job in the address: another take is another address.
                audio_url: (p.job_status == Some(JobStatus::Completed)).then(|| {
                    let take = p.job_id.unwrap_or_default();
                    format!("{base}/{}/paragraphs/{}/audio?v={take}", chapter.project_id, p.id)
                }),
            }
        })
        .collect();
    ChapterDetail { chapter: summary, paragraphs, next_offset }
}

pub(crate) fn export_view(row: ExportRow, base: &str) -> ExportView {
    let download_url =
        (row.status == JobStatus::Completed).then(|| format!("{base}/{}/exports/{}/download", row.project_id, row.id));
    ExportView {
        id: row.id,
        format: row.format,
        profile: row.profile,
        status: row.status,
        progress: row.progress,
        error: row.error_message,
        size_bytes: row.size_bytes,
        download_url,
        created_at: row.created_at,
        job_id: row.job_id,
    }
}

pub(crate) fn project_detail(
    project: ProjectRow,
    chapters: Vec<ChapterRow>,
    facts: &[ParagraphFacts],
    reading: &Reading,
    exports: Vec<ExportRow>,
    spent_cent: i64,
    base: &str,
) -> ProjectDetail {
    let chapters: Vec<ChapterSummary> = chapters
        .iter()
        .map(|c| {
            let own: Vec<&ParagraphFacts> = facts.iter().filter(|p| p.chapter_id == c.id).collect();
            chapter_summary(c, &own, project.voice_id, reading, base)
        })
        .collect();
    ProjectDetail {
        id: project.id,
        title: project.title,
        voice_id: project.voice_id,
        characters: chapters.iter().map(|c| c.characters).sum(),
        cost_cent: chapters.iter().map(|c| c.cost_cent).sum(),
        stale_cost_cent: chapters.iter().map(|c| c.stale_cost_cent).sum(),
        stale_paragraphs: chapters.iter().map(|c| c.stale_paragraphs).sum(),
        spent_cent,
        created_at: project.created_at,
        updated_at: project.updated_at,
        chapters,
        exports: exports.into_iter().map(|e| export_view(e, base)).collect(),
    }
}
