//! How a run that failed for good says so: one German sentence. A provider's answer is
//! quoted after its status ("Gemini meldet einen Serverfehler (500): An internal error
//! has occurred."); the customer reads the German part, the log keeps the quote.

/// The reason as a clause: the part before a quoted provider answer, without the end
/// stop, with the attempts it took when there were several.
pub fn reason_clause(message: &str, attempts: Option<i32>) -> String {
    let message = message.trim();
    let german = match message.find("): ") {
        Some(at) => &message[..=at],
        None => message,
    };
    let mut clause = german.trim_end_matches(['.', ' ']).to_owned();
    if let Some(n) = attempts.filter(|&n| n > 1) {
        clause.push_str(&format!(", auch nach {n} Versuchen"));
    }
    clause
}

/// The whole reason as a sentence, the provider's words included (a training's error,
/// where they say what to record anew).
pub fn full_sentence(message: &str, attempts: Option<i32>) -> String {
    let mut sentence = message.trim().trim_end_matches(['.', ' ']).to_owned();
    if let Some(n) = attempts.filter(|&n| n > 1) {
        sentence.push_str(&format!(" (auch nach {n} Versuchen)"));
    }
    sentence.push('.');
    sentence
}

/// The clause with what became of the money: "…; der Betrag wurde erstattet."
pub fn with_refund(clause: &str, refunded: &str) -> String {
    format!("{}; {refunded}.", clause.trim_end_matches(['.', ' ']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_provider_quote_is_left_out_and_the_attempts_are_named() {
        let clause = reason_clause("Gemini meldet einen Serverfehler (500): An internal error has occurred.", Some(3));
        assert_eq!(clause, "Gemini meldet einen Serverfehler (500), auch nach 3 Versuchen");
        assert_eq!(
            with_refund(&clause, "der Betrag wurde erstattet"),
            "Gemini meldet einen Serverfehler (500), auch nach 3 Versuchen; der Betrag wurde erstattet."
        );
    }

    #[test]
    fn a_single_attempt_and_a_plain_message_stay_as_they_are() {
        assert_eq!(reason_clause("Dienst überlastet.", Some(1)), "Dienst überlastet");
        assert_eq!(
            reason_clause("eSpeak NG hat nicht rechtzeitig geantwortet.", None),
            "eSpeak NG hat nicht rechtzeitig geantwortet"
        );
    }

    #[test]
    fn a_full_sentence_keeps_the_providers_words() {
        assert_eq!(
            full_sentence("ElevenLabs hat die Anfrage abgelehnt (422): Audio quality too low.", Some(1)),
            "ElevenLabs hat die Anfrage abgelehnt (422): Audio quality too low."
        );
        assert_eq!(full_sentence("Dienst überlastet", Some(3)), "Dienst überlastet (auch nach 3 Versuchen).");
    }

    #[test]
    fn the_result_is_one_sentence() {
        let sentence = with_refund(&reason_clause("Dienst überlastet.", Some(3)), "der Betrag wurde erstattet");
        assert_eq!(sentence.matches('.').count(), 1, "{sentence}");
        assert!(sentence.ends_with('.'));
    }
}
