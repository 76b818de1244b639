//! Password policy (OWASP ASVS 5.0, 6.2): at least 8 characters, at most 128,
//! and not one of the most common passwords. Hashing (argon2id) is `shared::credentials`.

use crate::Invalid;

pub const MIN_PASSWORD_CHARS: usize = 8;
pub const MAX_PASSWORD_CHARS: usize = 128;
/// ASVS 6.2.4 asks for a check against at least the top 3,000 passwords. zxcvbn ranks a
/// password by the guesses an attacker with its leaked-password and keyboard-pattern lists
/// needs; anything inside the first 100,000 guesses counts as common.
const COMMON_PASSWORD_GUESSES: u64 = 100_000;

/// A password that passed the policy. Never logged, never stored.
pub struct NewPassword(String);

/// The product's name: never a password, nor the start of a guessable one.
const PRODUCT_NAME: &str = "stimmwerk";

impl NewPassword {
    /// `personal` are the user's own details (e-mail address, name): a password equal to
    /// one of them, or easily guessed from them, is refused.
    pub fn parse(raw: &str, personal: &[&str]) -> Result<Self, Invalid> {
        if raw.chars().any(char::is_control) {
            return Err(Invalid::field("password", "Das Passwort enthält unzulässige Steuerzeichen."));
        }
        let chars = raw.chars().count();
        if chars < MIN_PASSWORD_CHARS {
            return Err(Invalid::field(
                "password",
                format!("Das Passwort muss mindestens {MIN_PASSWORD_CHARS} Zeichen lang sein."),
            ));
        }
        if chars > MAX_PASSWORD_CHARS {
            return Err(Invalid::field(
                "password",
                format!("Das Passwort darf höchstens {MAX_PASSWORD_CHARS} Zeichen lang sein."),
            ));
        }
        let folded = raw.trim().to_lowercase();
        if folded == PRODUCT_NAME || personal.iter().any(|p| !p.trim().is_empty() && folded == p.trim().to_lowercase())
        {
            return Err(Invalid::field(
                "password",
                "Das Passwort darf nicht Ihre E-Mail-Adresse, Ihr Name oder der Produktname sein.",
            ));
        }
        if is_common_password(raw, personal) {
            return Err(Invalid::field(
                "password",
                "Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.",
            ));
        }
        Ok(Self(raw.to_owned()))
    }

    /// The password itself, for hashing (`shared::credentials`).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// True when zxcvbn finds the password among the first guesses of an attacker
/// (leaked-password lists, keyboard walks, sequences, repeats).
fn is_common_password(password: &str, personal: &[&str]) -> bool {
    let mut known: Vec<&str> = personal.to_vec();
    known.push(PRODUCT_NAME);
    zxcvbn::zxcvbn(password, &known).guesses() < COMMON_PASSWORD_GUESSES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_passwords_are_rejected() {
        assert!(NewPassword::parse("kurz12", &[]).is_err());
        assert!(NewPassword::parse("Ab3$xY9!", &[]).is_ok());
    }

    #[test]
    fn common_passwords_are_rejected() {
        for common in ["password", "12345678", "qwertyuiop", "iloveyou", "password1"] {
            assert!(NewPassword::parse(common, &[]).is_err(), "{common} should be rejected");
        }
    }

    #[test]
    fn uncommon_passphrases_pass() {
        assert!(NewPassword::parse("Sonnenblume-Kaffeetasse-42", &[]).is_ok());
    }

    #[test]
    fn the_email_address_the_name_and_the_product_name_are_no_passwords() {
        let personal = ["anna.schmidt@example.de", "Anna Schmidt"];
        for bad in ["anna.schmidt@example.de", "ANNA.SCHMIDT@EXAMPLE.DE", "Stimmwerk", "stimmwerk2026", "Anna Schmidt"]
        {
            assert!(NewPassword::parse(bad, &personal).is_err(), "{bad}");
        }
        assert!(NewPassword::parse("Sonnenblume-Kaffeetasse-42", &personal).is_ok());
    }

    #[test]
    fn control_characters_are_no_part_of_a_password() {
        assert!(NewPassword::parse("Sonnenblume\u{0}Kaffee-42", &[]).is_err());
        assert!(NewPassword::parse("Sonnenblume\nKaffee-42", &[]).is_err());
        assert!(NewPassword::parse("Sonnenblume Kaffee-42", &[]).is_ok());
    }
}
