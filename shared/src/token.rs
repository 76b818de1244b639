//! Random secrets (session tokens, confirmation links) and their stored form.
//! Secrets carry 256 bits of entropy, so a plain SHA-256 is a safe stored form (ASVS 6.5.2).

use rand::RngCore;
use sha2::{Digest, Sha256};

/// 32 random bytes, hex encoded (64 characters).
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// What the database stores instead of the token itself.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_hashes_stable() {
        let a = random_token();
        assert_eq!(a.len(), 64);
        assert_ne!(a, random_token());
        assert_eq!(hash_token(&a), hash_token(&a));
        assert_ne!(hash_token(&a), a);
    }
}
