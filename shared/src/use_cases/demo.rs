//! The anonymous live demo, the use cases: at most 3 successful tries per browser and
//! per client address a day, at most 100 characters each, only the demo voices that can
//! speak right now. The MP3 comes back while the visitor waits: the API writes the
//! request to `demo_requests` and waits (asleep, holding no thread) while a worker's
//! priority lane (`demo.concurrency` slots per worker process, a queue of its own)
//! synthesizes it and announces it on a Redis channel.

use std::time::Duration;

use uuid::Uuid;

use crate::audio::Mp3;
use crate::caller::Caller;
use crate::db;
use crate::domain::kinds::JobStatus;
use crate::domain::text::incomplete_input;
use crate::error::{Error, Result};
use crate::queue::{DemoSpeech, Job};
use crate::services::Services;
use crate::text_to_mp3::{self, Speech};
use crate::use_cases::voices::{self, VoiceList};

pub const DEMO_MAX_CHARS: usize = 100;

/// The German refusal once the tries are used up.
pub fn limit_reached_message(tries: u32) -> String {
    format!("Sie haben bereits {tries} Tests verwendet. Registrieren Sie sich für unbegrenzte Nutzung.")
}

/// What the demo page shows: today's tries, the text limit and the voices.
#[derive(Debug)]
pub struct Overview {
    pub tries_per_day: u32,
    pub remaining: u32,
    pub max_chars: usize,
    pub voices: VoiceList,
}

pub async fn overview(svc: &Services, caller: &Caller) -> Result<Overview> {
    let browser = caller.demo_browser.as_deref().ok_or(Error::Unauthenticated)?;
    Ok(Overview {
        tries_per_day: svc.limits.demo.tries(),
        remaining: svc.limits.demo.remaining(browser, caller.ip).await?,
        max_chars: DEMO_MAX_CHARS,
        voices: voices::list_demo(svc).await?,
    })
}

pub struct Spoken {
    pub mp3: Mp3,
    /// Tries left today after this one.
    pub remaining: u32,
}

/// How long a visitor waits for the answer before "busy".
const ANSWER_WAIT: Duration = Duration::from_secs(20);
/// How often a waiting request looks for its answer without being told (a lost
/// announcement costs at most this much).
const FALLBACK_LOOK: Duration = Duration::from_millis(500);
/// Requests older than this are purged by the sweep: nobody waits for them any more.
const ABANDONED_AFTER_SECS: i64 = 120;

/// One demo synthesis. A try is reserved first (so parallel requests cannot overshoot
/// the limit) and given back when the synthesis fails or takes too long.
pub async fn speak(
    svc: &Services,
    caller: &Caller,
    text: &str,
    voice_id: Option<Uuid>,
    rate: Option<f32>,
) -> Result<Spoken> {
    let browser = caller.demo_browser.as_deref().ok_or(Error::Unauthenticated)?;
    let text = parse_text(text)?;
    let voice_id = voice_id.ok_or_else(incomplete_input)?;
    let voice = crate::db::voices::list_demo(&svc.pool)
        .await?
        .into_iter()
        .find(|v| v.id == voice_id)
        .ok_or_else(|| Error::field("voice_id", "Diese Stimme gibt es in der Demo nicht."))?;
    svc.engines
        .current()
        .usable(voice.provider)
        .map_err(|why| Error::field("voice_id", why.reason_for(crate::domain::kinds::Role::User)))?;
    let rate = crate::use_cases::generation::speech_rate(&voice, rate)?;

    let Some(attempt) = svc.limits.demo.reserve(browser, caller.ip).await? else {
        return Err(Error::DemoLimit(limit_reached_message(svc.limits.demo.tries())));
    };
    match speak_in_lane(svc, voice.id, &text, rate).await {
        Ok(mp3) => Ok(Spoken { mp3, remaining: attempt.remaining }),
        Err(e) => {
            svc.limits.demo.release(attempt).await?;
            Err(e)
        }
    }
}

/// Hands the request to the workers' demo lane and waits for the answer (also the lane
/// voice previews are rendered in: short, and someone waits for them).
pub(crate) async fn speak_in_lane(svc: &Services, voice_id: Uuid, text: &str, rate: Option<f32>) -> Result<Mp3> {
    let id = Uuid::new_v4();
    db::demo::insert(&svc.pool, id, voice_id, text, rate).await?;
    let waiter = svc.demo_answers.expect::<DemoSpeech>(&svc.queue, &svc.settings.redis.url, id);
    if let Err(e) = svc.queue.push::<DemoSpeech>(id).await {
        tracing::warn!(%id, error = %e, "demo request not queued");
        db::demo::abandon(&svc.pool, id).await?;
        return Err(Error::Busy);
    }
    crate::telemetry::job_submitted(DemoSpeech::NAME, crate::telemetry::Channel::Demo);
    let deadline = tokio::time::Instant::now() + ANSWER_WAIT;
    loop {
        if let Some(answer) = db::demo::take(&svc.pool, id).await? {
            return match (answer.status, answer.audio) {
                (JobStatus::Completed, Some(bytes)) => {
                    Ok(Mp3 { bytes, duration_seconds: answer.duration_seconds.unwrap_or_default() })
                }
                _ => Err(Error::Engine(answer.error_message.unwrap_or_default())),
            };
        }
        if tokio::time::Instant::now() >= deadline {
            db::demo::abandon(&svc.pool, id).await?;
            return Err(Error::Busy);
        }
        let _ = tokio::time::timeout(FALLBACK_LOOK, waiter.notified()).await;
    }
}

/// The worker's side: synthesizes one demo request and announces the answer. `false`
/// when there was nothing to do (claimed elsewhere, or the visitor gave up).
pub async fn render(svc: &Services, id: Uuid) -> Result<bool> {
    let Some(claimed) = db::demo::claim(&svc.pool, id).await? else {
        return Ok(false);
    };
    let outcome = synthesize(svc, &claimed).await;
    match outcome {
        Ok(mp3) => db::demo::complete(&svc.pool, id, &mp3.bytes, mp3.duration_seconds).await?,
        Err(message) => db::demo::fail(&svc.pool, id, &message).await?,
    }
    svc.queue.announce_done::<DemoSpeech>(id).await;
    Ok(true)
}

async fn synthesize(svc: &Services, claimed: &db::demo::Claimed) -> std::result::Result<Mp3, String> {
    let voice = db::voices::get(&svc.pool, claimed.voice_id)
        .await
        .map_err(|e| e.to_string())?
        .ok_or("Diese Stimme gibt es in der Demo nicht.")?;
    let engine = svc
        .engines
        .current()
        .usable(voice.provider)
        .map_err(|why| why.reason_for(crate::domain::kinds::Role::User).to_owned())?;
    // Visitors have no dictionary of their own; the global entries apply.
    let dictionary = crate::use_cases::pronunciation::entries_for(&svc.pool, None).await.map_err(|e| e.to_string())?;
    let speech = Speech {
        text: &claimed.text,
        voice: voice.api_name.as_deref().unwrap_or_default(),
        language: &voice.language,
        rate: claimed.rate,
        pitch: None,
        instructions: None,
        dictionary: &dictionary,
    };
    text_to_mp3::render(engine.as_ref(), speech, 1).await.map(|r| r.mp3).map_err(|e| e.to_string())
}

/// Deletes demo requests nobody waits for any more (the sweep's part for this lane).
pub async fn purge_abandoned(svc: &Services) -> Result<u64> {
    Ok(db::demo::purge_older_than(&svc.pool, ABANDONED_AFTER_SECS).await?)
}

/// Trimmed, non-empty demo text of at most [`DEMO_MAX_CHARS`] characters.
pub fn parse_text(raw: &str) -> Result<String> {
    crate::domain::input::no_controls("text", raw, true)?;
    let text = crate::domain::input::trim(raw);
    if text.is_empty() {
        return Err(incomplete_input().into());
    }
    let chars = text.chars().count();
    if chars > DEMO_MAX_CHARS {
        return Err(Error::Validation {
            title: "Text zu lang",
            message: format!("Maximale Länge: {DEMO_MAX_CHARS} Zeichen. Aktuell: {chars} Zeichen."),
            fields: [("text", format!("Höchstens {DEMO_MAX_CHARS} Zeichen."))].into(),
        });
    }
    // The pauses a text may ask for hold for the demo too (a hundred characters of
    // markers would otherwise be minutes of silence); its few words need no more.
    crate::domain::speech_budget::measure(text, &[], "de-DE").check()?;
    Ok(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hundred_characters_pass_and_a_hundred_and_one_do_not() {
        assert!(parse_text(&"a".repeat(100)).is_ok());
        let err = parse_text(&"ö".repeat(101)).unwrap_err();
        assert_eq!(err.to_string(), "Maximale Länge: 100 Zeichen. Aktuell: 101 Zeichen.");
        assert!(matches!(err, Error::Validation { title: "Text zu lang", .. }));
    }

    #[test]
    fn blank_text_is_incomplete() {
        assert!(matches!(parse_text("  "), Err(Error::Validation { title: "Eingabe unvollständig", .. })));
    }

    #[test]
    fn the_limit_message_names_the_tries() {
        assert_eq!(
            limit_reached_message(3),
            "Sie haben bereits 3 Tests verwendet. Registrieren Sie sich für unbegrenzte Nutzung."
        );
    }
}
