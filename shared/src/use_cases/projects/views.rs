//! A project as callers see it (the web app and `/v1` alike): states and costs worked out
//! from the paragraphs' facts, links under the caller's base path. The wire shapes are
//! the api's (`api/src/routes/projects.rs`).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{cost_of, state_of};
use crate::db::project_exports::ExportRow;
use crate::db::projects::{ChapterRow, ParagraphFacts, ProjectRow, SummaryRow};
use crate::domain::kinds::JobStatus;
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

/// A chapter's joined audio.
#[derive(Debug, Clone)]
pub struct ChapterAudio {
    pub url: String,
    pub duration_seconds: f64,
    /// The chapter's timed text (JSON); `…/subtitles?format=srt|vtt` next to it.
    pub timestamps_url: String,
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
    pub state: ParagraphState,
    /// Null until every paragraph is done and the chapter is joined.
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
    /// Stale because it changed (text, voice or pronunciation) after it was rendered: its
    /// audio is out of date. A stale paragraph never rendered is not `changed`.
    pub changed: bool,
    /// Why its last rendering failed (it was refunded).
    pub error: Option<String>,
}

#[derive(Debug, Clone)]
pub struct ChapterDetail {
    pub chapter: ChapterSummary,
    pub paragraphs: Vec<ParagraphView>,
}

#[derive(Debug, Clone)]
pub struct ExportView {
    pub id: Uuid,
    pub format: ExportFormat,
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
    dictionary: &str,
    base: &str,
) -> ChapterSummary {
    let mut states = Vec::with_capacity(paragraphs.len());
    let (mut cost, mut stale_cost, mut characters) = (0, 0, 0i64);
    for p in paragraphs {
        let (state, _) = state_of(p, voice_of(p.voice_id, chapter.voice_id, project_voice), dictionary);
        cost += cost_of(p);
        characters += p.characters as i64;
        if state.needs_rendering() {
            stale_cost += cost_of(p);
        }
        states.push(state);
    }
    let done = states.iter().filter(|s| **s == ParagraphState::Done).count() as i64;
    let state = ParagraphState::of_chapter(states);
    let current = crate::domain::project::audio_hash(paragraphs.iter().filter_map(|p| p.job_id));
    let path = format!("{base}/{}/chapters/{}", chapter.project_id, chapter.id);
    let audio = match (&chapter.audio_key, chapter.duration_seconds) {
        (Some(_), Some(duration))
            if state == ParagraphState::Done && chapter.audio_hash.as_deref() == Some(&current) =>
        {
            Some(ChapterAudio {
                url: format!("{path}/audio"),
                duration_seconds: duration,
                timestamps_url: format!("{path}/timestamps"),
            })
        }
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
        state,
        audio,
    }
}

pub(crate) fn export_view(row: ExportRow, base: &str) -> ExportView {
    let download_url =
        (row.status == JobStatus::Completed).then(|| format!("{base}/{}/exports/{}/download", row.project_id, row.id));
    ExportView {
        id: row.id,
        format: row.format,
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
    dictionary: &str,
    exports: Vec<ExportRow>,
    base: &str,
) -> ProjectDetail {
    let chapters: Vec<ChapterSummary> = chapters
        .iter()
        .map(|c| {
            let own: Vec<&ParagraphFacts> = facts.iter().filter(|p| p.chapter_id == c.id).collect();
            chapter_summary(c, &own, project.voice_id, dictionary, base)
        })
        .collect();
    ProjectDetail {
        id: project.id,
        title: project.title,
        voice_id: project.voice_id,
        characters: chapters.iter().map(|c| c.characters).sum(),
        cost_cent: chapters.iter().map(|c| c.cost_cent).sum(),
        stale_cost_cent: chapters.iter().map(|c| c.stale_cost_cent).sum(),
        created_at: project.created_at,
        updated_at: project.updated_at,
        chapters,
        exports: exports.into_iter().map(|e| export_view(e, base)).collect(),
    }
}
