//! Categories (a tree) and tags: the managers' create, rename, move and delete, and
//! filing audios under them. Users see their own and the global ones and change only
//! their own; admins whose session proved the second factor and who re-entered the
//! password within ten minutes (`Caller::fresh_admin`, never the role alone) also create
//! and change the global ones, which every customer sees, and each such change lands in
//! the audit log. Names are non-blank after trimming; a tag name that exists (any case) is
//! reused.

use serde_json::json;
use uuid::Uuid;

use crate::caller::Caller;
use crate::db::labels::{self, CATEGORY_NAME_TAKEN, Category, TAG_NAME_TAKEN, Tag};
use crate::db::{audit, caps};
use crate::domain::caps::Collection;
use crate::domain::input;
use crate::domain::kinds::AuditAction;
use crate::error::{Error, Result};
use crate::services::Services;

const CATEGORY_NAME_MAX: usize = 80;
const TAG_NAME_MAX: usize = 50;
/// Tags one request may add.
const TAGS_MAX: usize = 20;

/// A category as the caller sees it.
#[derive(Debug)]
pub struct CategoryView {
    pub id: Uuid,
    pub name: String,
    pub parent_id: Option<Uuid>,
    pub is_global: bool,
    /// The caller may rename, move and delete it.
    pub editable: bool,
    /// The caller's audios filed directly under it (not in the trash).
    pub audio_count: i64,
}

/// A tag as the caller sees it.
#[derive(Debug)]
pub struct TagView {
    pub id: Uuid,
    pub name: String,
    pub is_global: bool,
    pub editable: bool,
    pub audio_count: i64,
}

/// Whether the caller may change a label: the owner their own, a proven admin a global
/// one (`owner` is `None`). A list only shows the buttons: the change itself asks for the
/// password re-entry (`check_editable`), and the web app asks for it then.
fn may_edit(caller: &Caller, owner: Option<Uuid>) -> Result<bool> {
    let user = caller.user()?;
    Ok(match owner {
        Some(owner) => owner == user.id,
        None => caller.admin().is_ok(),
    })
}

/// The check before a change of a label: the owner's own, or a global one for a proven
/// admin who re-entered the password (403, `second_factor_required` or `reauth_required`).
fn check_editable(caller: &Caller, owner: Option<Uuid>) -> Result<()> {
    match owner {
        Some(owner) if owner == caller.user()?.id => Ok(()),
        Some(_) => Err(Error::Forbidden),
        None => caller.fresh_admin().map(drop),
    }
}

/// What the audit log keeps of a global label.
fn label_state(kind: &str, name: &str, parent_id: Option<Uuid>) -> serde_json::Value {
    match kind {
        "category" => json!({ "kind": kind, "name": name, "parent_id": parent_id }),
        _ => json!({ "kind": kind, "name": name }),
    }
}

fn category_view(caller: &Caller, c: Category) -> Result<CategoryView> {
    Ok(CategoryView {
        editable: may_edit(caller, c.user_id)?,
        id: c.id,
        name: c.name,
        parent_id: c.parent_id,
        is_global: c.is_global,
        audio_count: c.audio_count,
    })
}

fn tag_view(caller: &Caller, t: Tag) -> Result<TagView> {
    Ok(TagView {
        editable: may_edit(caller, t.user_id)?,
        id: t.id,
        name: t.name,
        is_global: t.is_global,
        audio_count: t.audio_count,
    })
}

fn category_name(raw: &str) -> Result<String> {
    let name = input::trim(raw);
    if name.is_empty() {
        return Err(Error::invalid("Kategorie erforderlich", "Bitte geben Sie einen Kategorienamen ein.").on("name"));
    }
    if name.chars().count() > CATEGORY_NAME_MAX || name.chars().any(char::is_control) {
        return Err(Error::field("name", format!("Der Name darf höchstens {CATEGORY_NAME_MAX} Zeichen haben.")));
    }
    Ok(name.to_owned())
}

fn tag_name(raw: &str) -> Result<String> {
    let name = input::trim(raw);
    if name.is_empty() {
        return Err(Error::field("name", "Bitte geben Sie einen Tag-Namen ein."));
    }
    if name.chars().count() > TAG_NAME_MAX || name.chars().any(char::is_control) {
        return Err(Error::field("name", format!("Ein Tag darf höchstens {TAG_NAME_MAX} Zeichen haben.")));
    }
    Ok(name.to_owned())
}

/// Splits "a, b,,c" into trimmed, non-empty, distinct (any case) names; none is fine.
pub fn tag_names(raw: &[String]) -> Result<Vec<String>> {
    let mut names: Vec<String> = Vec::new();
    for part in raw.iter().flat_map(|r| r.split(',')) {
        let name = input::trim(part);
        if name.is_empty() {
            continue;
        }
        let name = tag_name(name)
            .map_err(|_| Error::field("tags", format!("Ein Tag darf höchstens {TAG_NAME_MAX} Zeichen haben.")))?;
        if !names.iter().any(|n| n.to_lowercase() == name.to_lowercase()) {
            names.push(name);
        }
    }
    if names.len() > TAGS_MAX {
        return Err(Error::field("tags", format!("Höchstens {TAGS_MAX} Tags auf einmal.")));
    }
    Ok(names)
}

/// Like [`tag_names`], but at least one name.
pub fn split_tags(raw: &[String]) -> Result<Vec<String>> {
    let names = tag_names(raw)?;
    if names.is_empty() {
        return Err(Error::invalid("Tags erforderlich", "Bitte geben Sie mindestens einen Tag ein.").on("tags"));
    }
    Ok(names)
}

fn name_taken(e: sqlx::Error, message: &str) -> Error {
    match &e {
        sqlx::Error::Database(db)
            if db.constraint().is_some_and(|c| c == CATEGORY_NAME_TAKEN || TAG_NAME_TAKEN.contains(&c)) =>
        {
            Error::field("name", message)
        }
        _ => e.into(),
    }
}

pub async fn categories(svc: &Services, caller: &Caller) -> Result<Vec<CategoryView>> {
    let user_id = caller.user()?.id;
    labels::categories_visible_to(&svc.pool, user_id).await?.into_iter().map(|c| category_view(caller, c)).collect()
}

pub async fn tags(svc: &Services, caller: &Caller) -> Result<Vec<TagView>> {
    let user_id = caller.user()?.id;
    labels::tags_visible_to(&svc.pool, user_id).await?.into_iter().map(|t| tag_view(caller, t)).collect()
}

/// A parent the caller may file under: visible, and for a global category global too.
async fn check_parent(svc: &Services, caller: &Caller, parent: Option<Uuid>, global: bool) -> Result<()> {
    let Some(parent) = parent else { return Ok(()) };
    let found = labels::visible_category(&svc.pool, parent, caller.user()?.id).await?;
    match found {
        None => Err(Error::field("parent_id", "Die übergeordnete Kategorie gibt es nicht.")),
        Some(p) if global && !p.is_global => {
            Err(Error::field("parent_id", "Eine globale Kategorie kann nur unter einer globalen stehen."))
        }
        Some(_) => Ok(()),
    }
}

/// A new category (the caller's own; `global` for admins only).
pub async fn create_category(
    svc: &Services,
    caller: &Caller,
    name: &str,
    parent_id: Option<Uuid>,
    global: bool,
) -> Result<CategoryView> {
    let user = caller.user()?;
    let admin = if global { Some(caller.fresh_admin()?) } else { None };
    let name = category_name(name)?;
    check_parent(svc, caller, parent_id, global).await?;
    let owner = (!global).then_some(user.id);
    let mut tx = svc.pool.begin().await?;
    caps::reserve(&mut tx, Collection::Categories, owner, 1).await?;
    let id = labels::insert_category(&mut *tx, &name, parent_id, owner)
        .await
        .map_err(|e| name_taken(e, "Eine Kategorie mit diesem Namen gibt es hier schon."))?;
    if let Some(admin) = admin {
        let after = label_state("category", &name, parent_id);
        audit::record(&mut *tx, admin, AuditAction::LabelCreated, Some(&name), None, None, Some(after)).await?;
    }
    tx.commit().await?;
    Ok(CategoryView { id, name, parent_id, is_global: global, editable: true, audio_count: 0 })
}

/// A category the caller may change, or 404 (not visible) / 403 (not theirs).
async fn editable_category(svc: &Services, caller: &Caller, id: Uuid) -> Result<Category> {
    let category = labels::visible_category(&svc.pool, id, caller.user()?.id)
        .await?
        .ok_or(Error::NotFound("Kategorie nicht gefunden."))?;
    check_editable(caller, category.user_id)?;
    Ok(category)
}

/// Renames and/or moves a category. A category cannot move below itself or one of its
/// descendants (the tree stays a tree).
pub async fn update_category(
    svc: &Services,
    caller: &Caller,
    id: Uuid,
    name: Option<&str>,
    parent_id: Option<Option<Uuid>>,
) -> Result<CategoryView> {
    let category = editable_category(svc, caller, id).await?;
    let name = match name {
        Some(name) => category_name(name)?,
        None => category.name.clone(),
    };
    let parent = parent_id.unwrap_or(category.parent_id);
    if let Some(new_parent) = parent
        && parent != category.parent_id
    {
        check_parent(svc, caller, Some(new_parent), category.is_global).await?;
        if labels::subtree(&svc.pool, id).await?.contains(&new_parent) {
            return Err(Error::field(
                "parent_id",
                "Eine Kategorie kann nicht unter sich selbst oder einer ihrer Unterkategorien stehen.",
            ));
        }
    }
    let mut tx = svc.pool.begin().await?;
    labels::update_category(&mut *tx, id, &name, parent)
        .await
        .map_err(|e| name_taken(e, "Eine Kategorie mit diesem Namen gibt es hier schon."))?;
    if category.user_id.is_none() {
        let before = label_state("category", &category.name, category.parent_id);
        let after = label_state("category", &name, parent);
        let admin = caller.fresh_admin()?;
        audit::record(&mut *tx, admin, AuditAction::LabelUpdated, Some(&name), None, Some(before), Some(after)).await?;
    }
    tx.commit().await?;
    Ok(CategoryView { id, name, parent_id: parent, is_global: category.is_global, editable: true, audio_count: 0 })
}

/// Deletes a category: its sub-categories move up one level, its audios stay (only
/// the filing goes). Returns how many sub-categories moved.
pub async fn delete_category(svc: &Services, caller: &Caller, id: Uuid) -> Result<u64> {
    let category = editable_category(svc, caller, id).await?;
    let mut tx = svc.pool.begin().await?;
    let moved = labels::delete_category(&mut tx, id).await?;
    if category.user_id.is_none() {
        let before = label_state("category", &category.name, category.parent_id);
        let admin = caller.fresh_admin()?;
        let subject = Some(category.name.as_str());
        audit::record(&mut *tx, admin, AuditAction::LabelDeleted, subject, None, Some(before), None).await?;
    }
    tx.commit().await?;
    Ok(moved)
}

pub async fn create_tag(svc: &Services, caller: &Caller, name: &str, global: bool) -> Result<TagView> {
    let user = caller.user()?;
    let admin = if global { Some(caller.fresh_admin()?) } else { None };
    let name = tag_name(name)?;
    let mut tx = svc.pool.begin().await?;
    caps::reserve(&mut tx, Collection::Tags, (!global).then_some(user.id), 1).await?;
    let id = labels::insert_tag(&mut *tx, &name, (!global).then_some(user.id))
        .await
        .map_err(|e| name_taken(e, "Diesen Tag gibt es schon."))?;
    if let Some(admin) = admin {
        let after = label_state("tag", &name, None);
        audit::record(&mut *tx, admin, AuditAction::LabelCreated, Some(&name), None, None, Some(after)).await?;
    }
    tx.commit().await?;
    Ok(TagView { id, name, is_global: global, editable: true, audio_count: 0 })
}

async fn editable_tag(svc: &Services, caller: &Caller, id: Uuid) -> Result<Tag> {
    let tag =
        labels::visible_tag(&svc.pool, id, caller.user()?.id).await?.ok_or(Error::NotFound("Tag nicht gefunden."))?;
    check_editable(caller, tag.user_id)?;
    Ok(tag)
}

pub async fn rename_tag(svc: &Services, caller: &Caller, id: Uuid, name: &str) -> Result<TagView> {
    let tag = editable_tag(svc, caller, id).await?;
    let name = tag_name(name)?;
    let mut tx = svc.pool.begin().await?;
    labels::rename_tag(&mut *tx, id, &name).await.map_err(|e| name_taken(e, "Diesen Tag gibt es schon."))?;
    if tag.user_id.is_none() {
        let (before, after) = (label_state("tag", &tag.name, None), label_state("tag", &name, None));
        let admin = caller.fresh_admin()?;
        audit::record(&mut *tx, admin, AuditAction::LabelUpdated, Some(&name), None, Some(before), Some(after)).await?;
    }
    tx.commit().await?;
    Ok(TagView { id, name, is_global: tag.is_global, editable: true, audio_count: 0 })
}

pub async fn delete_tag(svc: &Services, caller: &Caller, id: Uuid) -> Result<()> {
    let tag = editable_tag(svc, caller, id).await?;
    let mut tx = svc.pool.begin().await?;
    labels::delete_tag(&mut *tx, id).await?;
    if tag.user_id.is_none() {
        let before = label_state("tag", &tag.name, None);
        let admin = caller.fresh_admin()?;
        audit::record(&mut *tx, admin, AuditAction::LabelDeleted, Some(&tag.name), None, Some(before), None).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Where audios are filed: an existing category, or a new one (own) by name.
pub enum CategoryChoice {
    Existing(Uuid),
    New { name: String, parent_id: Option<Uuid> },
}

/// The caller's audios among `ids`, or 404 when one is not theirs.
async fn own_audios(svc: &Services, caller: &Caller, ids: &[Uuid]) -> Result<Vec<Uuid>> {
    super::bulk_ids(ids)?;
    let own = labels::own_jobs(&svc.pool, caller.user()?.id, ids).await?;
    if own.len() != ids.iter().collect::<std::collections::HashSet<_>>().len() {
        return Err(Error::NotFound("Audio nicht gefunden."));
    }
    Ok(own)
}

/// Files the caller's audios under a category (bulk). Returns the category's id.
pub async fn assign_category(svc: &Services, caller: &Caller, ids: &[Uuid], choice: CategoryChoice) -> Result<Uuid> {
    let jobs = own_audios(svc, caller, ids).await?;
    let category = match choice {
        CategoryChoice::Existing(id) => {
            labels::visible_category(&svc.pool, id, caller.user()?.id)
                .await?
                .ok_or_else(|| Error::field("category_id", "Bitte wählen Sie eine Kategorie aus."))?
                .id
        }
        CategoryChoice::New { name, parent_id } => create_category(svc, caller, &name, parent_id, false).await?.id,
    };
    labels::assign_categories(&svc.pool, &jobs, &[category]).await?;
    Ok(category)
}

/// Tags the caller's audios (bulk) with comma-separated names; existing names are
/// reused (any case), the rest created. Returns the tags' ids.
pub async fn assign_tags(svc: &Services, caller: &Caller, ids: &[Uuid], names: &[String]) -> Result<Vec<Uuid>> {
    let names = split_tags(names)?;
    let jobs = own_audios(svc, caller, ids).await?;
    let mut tx = svc.pool.begin().await?;
    let tags = ensure_tags(&mut tx, caller.user()?.id, &names).await?;
    labels::assign_tags(&mut *tx, &jobs, &tags).await?;
    tx.commit().await?;
    Ok(tags)
}

/// The ids of these tag names for the user (existing own or global ones reused, the rest
/// created as the user's own), within the user's tag cap.
pub(crate) async fn ensure_tags(conn: &mut sqlx::PgConnection, user_id: Uuid, names: &[String]) -> Result<Vec<Uuid>> {
    let new = labels::unknown_tag_names(&mut *conn, user_id, names).await?;
    if new > 0 {
        caps::reserve(conn, Collection::Tags, Some(user_id), new).await?;
    }
    Ok(labels::ensure_tags(conn, user_id, names).await?)
}

/// Takes one category or tag off one of the caller's audios.
pub async fn unassign(svc: &Services, caller: &Caller, job_id: Uuid, label: Unassign) -> Result<()> {
    own_audios(svc, caller, &[job_id]).await?;
    let removed = match label {
        Unassign::Category(id) => labels::unassign_category(&svc.pool, job_id, id).await?,
        Unassign::Tag(id) => labels::unassign_tag(&svc.pool, job_id, id).await?,
    };
    if !removed {
        return Err(Error::NotFound("Diese Zuordnung gibt es nicht."));
    }
    Ok(())
}

pub enum Unassign {
    Category(Uuid),
    Tag(Uuid),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_split_trimmed_and_deduplicated_in_any_case() {
        let names = split_tags(&["wichtig, Projekt,,  kunde ,PROJEKT".into()]).unwrap();
        assert_eq!(names, ["wichtig", "Projekt", "kunde"]);
        let err = split_tags(&[" , ,".into()]).unwrap_err();
        assert_eq!(err.to_string(), "Bitte geben Sie mindestens einen Tag ein.");
        assert!(split_tags(&["x".repeat(51)]).is_err());
    }

    #[test]
    fn category_names_are_trimmed_and_not_blank() {
        assert_eq!(category_name("  Podcast ").unwrap(), "Podcast");
        assert_eq!(category_name("   ").unwrap_err().to_string(), "Bitte geben Sie einen Kategorienamen ein.");
    }
}
