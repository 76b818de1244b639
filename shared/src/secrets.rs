//! Encryption of provider API keys at rest: ChaCha20-Poly1305 with a 256-bit key from
//! the environment (`APP__SECRETS__ENCRYPTION_KEY`, base64). A fresh random nonce per
//! value; the service id is bound as associated data, so a ciphertext copied to another
//! row does not decrypt.

use base64::Engine;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use rand::RngCore;
use secrecy::{ExposeSecret, SecretString};

#[derive(Debug, thiserror::Error)]
pub enum SecretsError {
    #[error("Der Verschlüsselungsschlüssel muss 32 Byte in Base64 sein (APP__SECRETS__ENCRYPTION_KEY).")]
    InvalidKey,
    #[error("Der gespeicherte Schlüssel lässt sich nicht entschlüsseln (anderer Verschlüsselungsschlüssel?).")]
    Decrypt,
}

#[derive(Clone)]
pub struct SecretBox {
    cipher: ChaCha20Poly1305,
}

pub struct Sealed {
    pub nonce: Vec<u8>,
    pub ciphertext: Vec<u8>,
}

impl SecretBox {
    pub fn from_base64(encoded: &str) -> Result<Self, SecretsError> {
        let bytes =
            base64::engine::general_purpose::STANDARD.decode(encoded.trim()).map_err(|_| SecretsError::InvalidKey)?;
        if bytes.len() != 32 {
            return Err(SecretsError::InvalidKey);
        }
        Ok(Self { cipher: ChaCha20Poly1305::new(Key::from_slice(&bytes)) })
    }

    pub fn seal(&self, service: &str, secret: &SecretString) -> Sealed {
        let mut nonce = [0u8; 12];
        rand::rng().fill_bytes(&mut nonce);
        let payload = Payload { msg: secret.expose_secret().as_bytes(), aad: service.as_bytes() };
        let ciphertext = self.cipher.encrypt(Nonce::from_slice(&nonce), payload).expect("encryption of a short key");
        Sealed { nonce: nonce.to_vec(), ciphertext }
    }

    pub fn open(&self, service: &str, sealed: &Sealed) -> Result<SecretString, SecretsError> {
        if sealed.nonce.len() != 12 {
            return Err(SecretsError::Decrypt);
        }
        let payload = Payload { msg: &sealed.ciphertext, aad: service.as_bytes() };
        let plain =
            self.cipher.decrypt(Nonce::from_slice(&sealed.nonce), payload).map_err(|_| SecretsError::Decrypt)?;
        String::from_utf8(plain).map(SecretString::from).map_err(|_| SecretsError::Decrypt)
    }
}

/// "…abcd": what may be shown of a key.
pub fn last4(secret: &SecretString) -> String {
    let chars: Vec<char> = secret.expose_secret().chars().collect();
    chars[chars.len().saturating_sub(4)..].iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret_box() -> SecretBox {
        SecretBox::from_base64(&base64::engine::general_purpose::STANDARD.encode([7u8; 32])).unwrap()
    }

    #[test]
    fn sealed_keys_open_only_for_their_service() {
        let key = SecretString::from("sk-test-1234567890");
        let sealed = secret_box().seal("openai_tts", &key);
        assert!(!sealed.ciphertext.windows(4).any(|w| w == b"1234"), "no clear text in the ciphertext");
        assert_eq!(secret_box().open("openai_tts", &sealed).unwrap().expose_secret(), "sk-test-1234567890");
        assert!(secret_box().open("murf_tts", &sealed).is_err());
    }

    #[test]
    fn nonces_differ_per_seal() {
        let key = SecretString::from("same");
        assert_ne!(secret_box().seal("s", &key).nonce, secret_box().seal("s", &key).nonce);
    }

    #[test]
    fn bad_master_keys_are_refused() {
        assert!(SecretBox::from_base64("kurz").is_err());
        assert!(SecretBox::from_base64(&base64::engine::general_purpose::STANDARD.encode([1u8; 16])).is_err());
    }

    #[test]
    fn only_the_last_four_characters_show() {
        assert_eq!(last4(&SecretString::from("sk-abcdef")), "cdef");
        assert_eq!(last4(&SecretString::from("ab")), "ab");
    }
}
