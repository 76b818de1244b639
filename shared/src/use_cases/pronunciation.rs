//! How texts are spoken: the "Vorschau der Aussprache" of the TTS screen (the text as the
//! engines will read it, every change marked, before anything is paid; the cost stays
//! that of the typed text) and the pronunciation dictionary (a user's own entries, and
//! global ones kept by admins), with CSV import and export.

use uuid::Uuid;

use crate::caller::Caller;
use crate::cpu::CpuPool;
use crate::db::caps;
use crate::db::pronunciation::{self as db, EntryRow, NewEntry, Scope};
use crate::db::voices;
use crate::domain::caps::Collection;
use crate::domain::dictionary::{self, Entry};
use crate::domain::input::{no_controls, trim};
use crate::domain::normalize::Normalized;
use crate::domain::text::MAX_GENERATION_CHARS as MAX_CHARS;
use crate::domain::{ipa, pls};
use crate::error::{Error, Result};
use crate::services::Services;

/// The language of German-first Stimmwerk when neither voice nor language is given.
const DEFAULT_LANGUAGE: &str = "de-DE";
/// Rows one CSV import may carry.
pub const MAX_IMPORT_ROWS: usize = 1000;

/// The dictionary as the text path applies it: the user's entries, then the global ones
/// whose term the user has not given a spelling of their own.
pub async fn entries_for(pool: &sqlx::PgPool, user_id: Option<Uuid>) -> Result<Vec<Entry>> {
    entries_in(pool, user_id, None).await
}

/// The entries a text of the user's project is read with: the project's own first, then
/// the user's, then the global ones (the first entry for a term wins).
pub async fn entries_in(pool: &sqlx::PgPool, user_id: Option<Uuid>, project_id: Option<Uuid>) -> Result<Vec<Entry>> {
    let rows = db::visible(pool, user_id, project_id).await?;
    let mut entries: Vec<Entry> = Vec::with_capacity(rows.len());
    // A hash set, not a scan of what was kept: the work stays linear in the entries.
    let mut seen = std::collections::HashSet::with_capacity(rows.len());
    for row in rows {
        if !seen.insert(row.term.to_lowercase()) {
            continue;
        }
        entries.push(Entry {
            term: row.term,
            spoken: row.spoken,
            ipa: row.ipa,
            whole_word: row.whole_word,
            case_sensitive: row.case_sensitive,
        });
    }
    Ok(entries)
}

/// `text` as the engines will read it: in the language of the voice `voice_id` (its
/// language decides the rules), or without a voice in `language` (such as "de-DE").
pub async fn preview(
    svc: &Services,
    caller: &Caller,
    text: String,
    voice_id: Option<Uuid>,
    language: Option<String>,
) -> Result<Normalized> {
    let user = caller.user()?;
    if text.chars().count() > MAX_CHARS {
        return Err(Error::field("text", format!("Der Text darf höchstens {MAX_CHARS} Zeichen lang sein.")));
    }
    let language = match voice_id {
        Some(id) => {
            voices::find_usable(&svc.pool, id, user.id)
                .await?
                .ok_or_else(|| Error::field("voice_id", "Diese Stimme ist nicht verfügbar."))?
                .language
        }
        None => language.unwrap_or_else(|| DEFAULT_LANGUAGE.into()),
    };
    let entries = entries_for(&svc.pool, Some(user.id)).await?;
    // The dictionary and the normaliser are CPU work that grows with text and entries.
    CpuPool::global().run(move || dictionary::apply(&text, &entries, &language)).await
}

/// The caller's entries and the global ones (a global entry has no `user_id`); with a
/// project of the caller's, that project's entries first.
pub async fn list(svc: &Services, caller: &Caller, project_id: Option<Uuid>) -> Result<Vec<EntryRow>> {
    let user = caller.user()?;
    if let Some(project_id) = project_id {
        owned_project(svc, user.id, project_id).await?;
    }
    Ok(db::visible(&svc.pool, Some(user.id), project_id).await?)
}

/// 404 unless the project is the user's: an entry for a project is written and read
/// only by its owner.
async fn owned_project(svc: &Services, user_id: Uuid, project_id: Uuid) -> Result<()> {
    crate::db::projects::get(&svc.pool, project_id, user_id)
        .await?
        .map(drop)
        .ok_or(Error::NotFound("Projekt nicht gefunden."))
}

/// A dictionary entry to save.
#[derive(Debug, Clone)]
pub struct EntryInput {
    pub term: String,
    pub spoken: String,
    pub ipa: Option<String>,
    pub whole_word: bool,
    pub case_sensitive: bool,
    /// For everyone (admins only).
    pub global: bool,
    /// For one of the caller's projects only.
    pub project_id: Option<Uuid>,
}

fn field(name: &'static str, label: &str, value: &str, max: usize) -> Result<String> {
    no_controls(name, value, false)?;
    let value = trim(value);
    if value.is_empty() {
        return Err(Error::field(name, format!("{label} ist erforderlich.")));
    }
    if value.chars().count() > max {
        return Err(Error::field(name, format!("{label} darf höchstens {max} Zeichen lang sein.")));
    }
    Ok(value.to_owned())
}

/// The entry's scope: the caller's own, or global for an admin whose session proved the
/// second factor and who re-entered the password within the last ten minutes (403,
/// `second_factor_required` or `reauth_required`). A global entry changes how every
/// customer's texts are spoken, so a stolen admin session alone must not write one.
async fn scope(svc: &Services, caller: &Caller, global: bool, project_id: Option<Uuid>) -> Result<Scope> {
    match (global, project_id) {
        (true, Some(_)) => Err(Error::field("project_id", "Ein globaler Eintrag gehört zu keinem Projekt.")),
        (true, None) => caller.fresh_admin().map(|_| Scope::GLOBAL),
        (false, None) => Ok(Scope::user(caller.user()?.id)),
        (false, Some(project_id)) => {
            let user_id = caller.user()?.id;
            owned_project(svc, user_id, project_id).await?;
            Ok(Scope { user_id: Some(user_id), project_id: Some(project_id) })
        }
    }
}

/// An entry's term, spoken form and phonetic spelling, checked.
fn checked(input: &EntryInput) -> Result<(String, String, Option<&str>)> {
    let term = field("term", "Der Begriff", &input.term, 100)?;
    let spoken = field("spoken", "Die Aussprache", &input.spoken, 200)?;
    // A short term spoken as a long phrase would buy audio the price of the typed text
    // does not cover (`domain::speech_budget`).
    crate::domain::speech_budget::check_entry_expansion(&term, &spoken)?;
    let ipa = input.ipa.as_deref().map(trim).filter(|i| !i.is_empty());
    if let Some(ipa) = ipa {
        field("ipa", "Die Lautschrift", ipa, ipa::MAX_CHARS)?;
        ipa::check(ipa).map_err(|message| Error::field("ipa", message))?;
    }
    Ok((term, spoken, ipa))
}

/// Adds an entry, or changes the one with the same term in its scope.
pub async fn save(svc: &Services, caller: &Caller, input: EntryInput) -> Result<EntryRow> {
    let scope = scope(svc, caller, input.global, input.project_id).await?;
    let user_id = scope.user_id;
    let (term, spoken, ipa) = checked(&input)?;
    let mut tx = svc.pool.begin().await?;
    // A new term takes room under the cap (a user's project entries count with their
    // own); a changed one does not.
    if !db::has_term(&mut *tx, scope, &term).await? {
        caps::reserve(&mut tx, Collection::DictionaryEntries, user_id, 1).await?;
    }
    let row = db::upsert(
        &mut *tx,
        &NewEntry {
            scope,
            term: &term,
            spoken: &spoken,
            ipa,
            whole_word: input.whole_word,
            case_sensitive: input.case_sensitive,
        },
    )
    .await?;
    if user_id.is_none() {
        let after = serde_json::json!({ "term": row.term, "spoken": row.spoken, "ipa": row.ipa });
        let action = crate::domain::kinds::AuditAction::DictionaryEntrySaved;
        crate::db::audit::record(&mut *tx, caller.fresh_admin()?, action, Some(&row.term), None, None, Some(after))
            .await?;
    }
    tx.commit().await?;
    Ok(row)
}

/// Changes an entry of the caller's scope (a global one: admins only), its term too; 404
/// for anyone else's, 409 when the scope has the new term in another entry.
pub async fn update(svc: &Services, caller: &Caller, id: Uuid, input: EntryInput) -> Result<EntryRow> {
    let scope = scope(svc, caller, input.global, input.project_id).await?;
    let user_id = scope.user_id;
    let (term, spoken, ipa) = checked(&input)?;
    let mut tx = svc.pool.begin().await?;
    let entry = NewEntry {
        scope,
        term: &term,
        spoken: &spoken,
        ipa,
        whole_word: input.whole_word,
        case_sensitive: input.case_sensitive,
    };
    let before = db::get(&mut *tx, id, scope).await?.ok_or(Error::NotFound("Eintrag nicht gefunden."))?;
    let row = db::update(&mut *tx, id, &entry)
        .await?
        .ok_or_else(|| Error::Conflict(format!("„{term}“ steht schon im Wörterbuch.")))?;
    if user_id.is_none() {
        let was = serde_json::json!({ "term": before.term, "spoken": before.spoken, "ipa": before.ipa });
        let after = serde_json::json!({ "term": row.term, "spoken": row.spoken, "ipa": row.ipa });
        let action = crate::domain::kinds::AuditAction::DictionaryEntrySaved;
        crate::db::audit::record(
            &mut *tx,
            caller.fresh_admin()?,
            action,
            Some(&row.term),
            None,
            Some(was),
            Some(after),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(row)
}

pub async fn delete(svc: &Services, caller: &Caller, id: Uuid, global: bool, project_id: Option<Uuid>) -> Result<()> {
    let scope = scope(svc, caller, global, project_id).await?;
    let deleted = db::delete(&svc.pool, id, scope).await?.ok_or(Error::NotFound("Eintrag nicht gefunden."))?;
    // A global entry's removal is audited with what it said.
    if let Some(entry) = Some(deleted).filter(|e| e.user_id.is_none()) {
        let before = serde_json::json!({ "term": entry.term, "spoken": entry.spoken, "ipa": entry.ipa });
        let action = crate::domain::kinds::AuditAction::DictionaryEntryDeleted;
        crate::db::audit::record(&svc.pool, caller.fresh_admin()?, action, Some(&entry.term), None, Some(before), None)
            .await?;
    }
    Ok(())
}

const CSV_HEADER: [&str; 5] = ["term", "spoken", "ipa", "whole_word", "case_sensitive"];

/// The caller's own entries as CSV (header: term,spoken,ipa,whole_word,case_sensitive).
pub async fn export_csv(svc: &Services, caller: &Caller) -> Result<String> {
    let user = caller.user()?;
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(CSV_HEADER).map_err(|e| Error::Internal(e.into()))?;
    for row in db::of_scope(&svc.pool, Scope::user(user.id)).await? {
        let flag = |b: bool| if b { "ja" } else { "nein" };
        writer
            .write_record([
                spreadsheet_safe(&row.term).as_ref(),
                spreadsheet_safe(&row.spoken).as_ref(),
                spreadsheet_safe(row.ipa.as_deref().unwrap_or("")).as_ref(),
                flag(row.whole_word),
                flag(row.case_sensitive),
            ])
            .map_err(|e| Error::Internal(e.into()))?;
    }
    let bytes = writer.into_inner().map_err(|e| Error::Internal(anyhow::anyhow!("{e}")))?;
    String::from_utf8(bytes).map_err(|e| Error::Internal(e.into()))
}

/// A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets
/// a leading apostrophe, so an exported dictionary cannot run code in Excel or Calc
/// (OWASP "CSV injection"). The import takes the apostrophe off again.
fn spreadsheet_safe(cell: &str) -> std::borrow::Cow<'_, str> {
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{cell}").into(),
        _ => cell.into(),
    }
}

/// The import's side of [`spreadsheet_safe`].
fn from_spreadsheet(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r']) => rest,
        _ => cell,
    }
}

/// What an import did: entries saved, and the lines it could not take (German reasons).
#[derive(Debug)]
pub struct ImportResult {
    pub saved: usize,
    pub errors: Vec<String>,
}

fn flag(value: Option<&str>, default: bool) -> Option<bool> {
    match value.map(|v| v.trim().to_lowercase()).as_deref() {
        None | Some("") => Some(default),
        Some("ja" | "true" | "1" | "yes" | "x") => Some(true),
        Some("nein" | "false" | "0" | "no") => Some(false),
        _ => None,
    }
}

/// Imports CSV (comma or semicolon separated; the header line is optional) into the
/// caller's own dictionary. Good lines are saved, bad ones reported with their number.
pub async fn import_csv(svc: &Services, caller: &Caller, text: &str) -> Result<ImportResult> {
    caller.user()?;
    let delimiter =
        if text.lines().next().is_some_and(|l| l.matches(';').count() > l.matches(',').count()) { b';' } else { b',' };
    let mut reader =
        csv::ReaderBuilder::new().has_headers(false).flexible(true).delimiter(delimiter).from_reader(text.as_bytes());
    let mut result = ImportResult { saved: 0, errors: Vec::new() };
    let mut rows = 0;
    for (index, record) in reader.records().enumerate() {
        let line = index + 1;
        let Ok(record) = record else {
            result.errors.push(format!("Zeile {line}: nicht lesbar."));
            continue;
        };
        // A header row (ours, or a German one) names the columns; it is not an entry.
        let header = |f: &str| {
            ["term", "begriff", "wort"].contains(&f.trim().trim_start_matches('\u{feff}').to_lowercase().as_str())
        };
        if line == 1 && record.get(0).is_some_and(header) {
            continue;
        }
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        // Data rows are counted, not lines: a header or blank lines take none of them.
        rows += 1;
        if rows > MAX_IMPORT_ROWS {
            result.errors.push(format!("Mehr als {MAX_IMPORT_ROWS} Zeilen: der Rest wurde nicht gelesen."));
            break;
        }
        let (Some(whole_word), Some(case_sensitive)) = (flag(record.get(3), true), flag(record.get(4), false)) else {
            result.errors.push(format!("Zeile {line}: ganzes Wort und Groß-/Kleinschreibung sind ja oder nein."));
            continue;
        };
        let input = EntryInput {
            term: from_spreadsheet(record.get(0).unwrap_or_default()).to_owned(),
            spoken: from_spreadsheet(record.get(1).unwrap_or_default()).to_owned(),
            ipa: record.get(2).map(|ipa| from_spreadsheet(ipa).to_owned()),
            whole_word,
            case_sensitive,
            global: false,
            project_id: None,
        };
        match save(svc, caller, input).await {
            Ok(_) => result.saved += 1,
            Err(Error::Validation { message, .. }) => result.errors.push(format!("Zeile {line}: {message}")),
            Err(other) => return Err(other),
        }
    }
    Ok(result)
}

/// The entries of the caller's own dictionary (or of one of their projects) as a W3C
/// Pronunciation Lexicon (PLS), the format ElevenLabs and Azure read: an alias for the
/// spoken form, a phoneme for the IPA (`domain::pls`).
pub async fn export_pls(svc: &Services, caller: &Caller, project_id: Option<Uuid>) -> Result<String> {
    let scope = scope(svc, caller, false, project_id).await?;
    let entries: Vec<Entry> = db::of_scope(&svc.pool, scope)
        .await?
        .into_iter()
        .map(|row| Entry {
            term: row.term,
            spoken: row.spoken,
            ipa: row.ipa,
            whole_word: row.whole_word,
            case_sensitive: row.case_sensitive,
        })
        .collect();
    Ok(pls::write(&pls::from_entries(&entries, DEFAULT_LANGUAGE)))
}

/// Imports a PLS file (at most 1 MB, 5,000 lexemes, IPA phonemes) into the caller's own
/// dictionary or one of their projects'. Each lexeme is saved as an entry through the
/// same checks as a typed one; the ones it cannot take are reported by their number.
pub async fn import_pls(
    svc: &Services,
    caller: &Caller,
    xml: Vec<u8>,
    project_id: Option<Uuid>,
) -> Result<ImportResult> {
    scope(svc, caller, false, project_id).await?;
    let lexicon = CpuPool::global().run(move || pls::parse(&xml)).await?.map_err(Error::from)?;
    let mut result = ImportResult { saved: 0, errors: Vec::new() };
    for imported in pls::entries(&lexicon) {
        let entry = match imported.entry {
            Ok(entry) => entry,
            Err(reason) => {
                result.errors.push(format!("Lexem {}: {reason}", imported.lexeme));
                continue;
            }
        };
        let input = EntryInput {
            term: entry.term,
            spoken: entry.spoken,
            ipa: entry.ipa,
            whole_word: entry.whole_word,
            case_sensitive: entry.case_sensitive,
            global: false,
            project_id,
        };
        match save(svc, caller, input).await {
            Ok(_) => result.saved += 1,
            Err(Error::Validation { message, .. }) => {
                result.errors.push(format!("Lexem {}: {message}", imported.lexeme))
            }
            Err(other) => return Err(other),
        }
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exported_cells_never_start_a_spreadsheet_formula() {
        for formula in ["=HYPERLINK(\"x\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"] {
            let safe = spreadsheet_safe(formula);
            assert!(safe.starts_with('\''), "{formula:?} -> {safe:?}");
            assert_eq!(from_spreadsheet(&safe), formula, "the import reads back what was exported");
        }
        assert_eq!(spreadsheet_safe("Stimmwerk"), "Stimmwerk");
        assert_eq!(from_spreadsheet("'Tis"), "'Tis", "an apostrophe of the text itself stays");
    }
}
