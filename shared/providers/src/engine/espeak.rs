//! eSpeak NG as a library (`libespeak-ng`), for the local engine: the same synthesis as
//! its command line, plus what the command line cannot tell, when each word and each
//! `<mark>` of the input is spoken (the timed text of every local audio).
//!
//! The library keeps one global state and is not thread-safe, so one thread of its own
//! owns it and speaks one request after another; callers wait on a channel. The thread
//! also saves a process start per request, which the command line cost.

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_int, c_short, c_void};
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock, mpsc};

use espeakng_sys as ffi;
use tokio::sync::oneshot;

/// Which voice speaks: a stock spec such as `de+m3`, or a voice file of our own.
pub enum VoiceChoice {
    Spec(String),
    File(PathBuf),
}

/// One request to the library: eSpeak's SSML input (with `[[phonemes]]`).
pub struct Utterance {
    pub ssml: String,
    pub voice: VoiceChoice,
    pub words_per_minute: u32,
    /// eSpeak's pitch, 0 - 100 (50: the voice's own).
    pub pitch: u32,
}

/// The audio of one request, with its events.
#[derive(Debug, Default)]
pub struct Spoken {
    pub sample_rate: u32,
    pub samples: Vec<i16>,
    /// Each word: the character offset and length in the input, and when it starts (ms).
    pub words: Vec<(usize, usize, u32)>,
    /// Each `<mark name="…">`: its name and when it is reached (ms).
    pub marks: Vec<(String, u32)>,
}

type Reply = oneshot::Sender<Result<Spoken, String>>;

/// Speaks `utterance` on the library's thread.
pub async fn speak(utterance: Utterance) -> Result<Spoken, String> {
    let (reply, answer) = oneshot::channel();
    sender()
        .lock()
        .map_err(|_| "eSpeak NG ist nicht verfügbar.".to_owned())?
        .send((utterance, reply))
        .map_err(|_| "eSpeak NG ist nicht verfügbar.".to_owned())?;
    answer.await.map_err(|_| "eSpeak NG hat die Anfrage abgebrochen.".to_owned())?
}

fn sender() -> &'static Mutex<mpsc::Sender<(Utterance, Reply)>> {
    static SENDER: OnceLock<Mutex<mpsc::Sender<(Utterance, Reply)>>> = OnceLock::new();
    SENDER.get_or_init(|| {
        let (send, receive) = mpsc::channel::<(Utterance, Reply)>();
        std::thread::Builder::new()
            .name("espeak-ng".into())
            .spawn(move || {
                let sample_rate = initialize();
                for (utterance, reply) in receive {
                    let result = match sample_rate {
                        Ok(rate) => synthesize(&utterance, rate),
                        Err(ref e) => Err(e.clone()),
                    };
                    let _ = reply.send(result);
                }
            })
            .expect("the eSpeak NG thread starts");
        Mutex::new(send)
    })
}

thread_local! {
    /// What the callback collects during one `espeak_Synth` (only on the library's thread).
    static COLLECTED: RefCell<Spoken> = RefCell::new(Spoken::default());
}

/// Sets the library up for synchronous output into our callback; its sample rate.
fn initialize() -> Result<u32, String> {
    // SAFETY: called once, on the only thread that ever touches the library.
    let rate =
        unsafe { ffi::espeak_Initialize(ffi::espeak_AUDIO_OUTPUT_AUDIO_OUTPUT_SYNCHRONOUS, 0, std::ptr::null(), 0) };
    if rate <= 0 {
        return Err("eSpeak NG ist nicht installiert.".into());
    }
    // SAFETY: the callback is a plain function living as long as the program.
    unsafe { ffi::espeak_SetSynthCallback(Some(collect)) };
    Ok(rate as u32)
}

fn synthesize(utterance: &Utterance, sample_rate: u32) -> Result<Spoken, String> {
    let failed = |what: &str, code: ffi::espeak_ERROR| format!("eSpeak NG ist fehlgeschlagen ({what}: {code}).");
    let voice = match &utterance.voice {
        VoiceChoice::Spec(spec) => CString::new(spec.as_str()),
        VoiceChoice::File(path) => CString::new(path.to_string_lossy().as_bytes()),
    }
    .map_err(|_| "Ungültige Stimme.".to_owned())?;
    let text = CString::new(utterance.ssml.as_str()).map_err(|_| "Ungültiger Text.".to_owned())?;
    COLLECTED.with(|c| *c.borrow_mut() = Spoken { sample_rate, ..Spoken::default() });
    // SAFETY: the strings outlive the calls; the library is synchronous, so every
    // callback has run when `espeak_Synth` returns.
    unsafe {
        let code = match utterance.voice {
            VoiceChoice::Spec(_) => ffi::espeak_SetVoiceByName(voice.as_ptr()),
            VoiceChoice::File(_) => ffi::espeak_SetVoiceByFile(voice.as_ptr()),
        };
        if code != ffi::espeak_ERROR_EE_OK {
            return Err(format!("Unbekannte lokale Stimme ({code})."));
        }
        let code = ffi::espeak_SetParameter(ffi::espeak_PARAMETER_espeakRATE, utterance.words_per_minute as c_int, 0);
        if code != ffi::espeak_ERROR_EE_OK {
            return Err(failed("Tempo", code));
        }
        // Set on every utterance: the library keeps it for the thread's next one.
        let code = ffi::espeak_SetParameter(ffi::espeak_PARAMETER_espeakPITCH, utterance.pitch as c_int, 0);
        if code != ffi::espeak_ERROR_EE_OK {
            return Err(failed("Tonhöhe", code));
        }
        // As the command line with `-b 1 -m`: UTF-8, SSML, `[[phonemes]]`, a pause at the end.
        let flags = ffi::espeakCHARS_UTF8 | ffi::espeakSSML | ffi::espeakPHONEMES | ffi::espeakENDPAUSE;
        let code = ffi::espeak_Synth(
            text.as_ptr() as *const c_void,
            utterance.ssml.len() + 1,
            0,
            ffi::espeak_POSITION_TYPE_POS_CHARACTER,
            0,
            flags,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
        );
        if code != ffi::espeak_ERROR_EE_OK {
            return Err(failed("Synthese", code));
        }
    }
    Ok(COLLECTED.with(|c| std::mem::take(&mut *c.borrow_mut())))
}

/// The library's synth callback: audio and events of one buffer. Returns 0 (go on).
unsafe extern "C" fn collect(wav: *mut c_short, samples: c_int, events: *mut ffi::espeak_EVENT) -> c_int {
    COLLECTED.with(|c| {
        let mut collected = c.borrow_mut();
        if !wav.is_null() && samples > 0 {
            // SAFETY: the library hands `samples` valid samples at `wav` for this call.
            collected.samples.extend_from_slice(unsafe { std::slice::from_raw_parts(wav, samples as usize) });
        }
        let mut event = events;
        // SAFETY: the event list ends with an event of type LIST_TERMINATED.
        while !event.is_null() && unsafe { (*event).type_ } != ffi::espeak_EVENT_TYPE_espeakEVENT_LIST_TERMINATED {
            let e = unsafe { &*event };
            match e.type_ {
                ffi::espeak_EVENT_TYPE_espeakEVENT_WORD => collected.words.push((
                    // eSpeak counts characters from 1.
                    (e.text_position.max(1) - 1) as usize,
                    e.length.max(0) as usize,
                    e.audio_position.max(0) as u32,
                )),
                ffi::espeak_EVENT_TYPE_espeakEVENT_MARK => {
                    // SAFETY: a mark event's id is the mark's name, valid during the call.
                    let name = unsafe { e.id.name };
                    if !name.is_null() {
                        let name = unsafe { CStr::from_ptr(name) }.to_string_lossy().into_owned();
                        collected.marks.push((name, e.audio_position.max(0) as u32));
                    }
                }
                _ => {}
            }
            event = unsafe { event.add(1) };
        }
    });
    0
}
