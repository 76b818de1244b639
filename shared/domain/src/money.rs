//! Money is integer cents. Pricing: 1 cent per 10 characters, rounded up, at least 1 cent.

/// Characters per cent of generation cost.
pub const CHARS_PER_CENT: i64 = 10;

/// Cost in cents of synthesizing `chars` characters: `max(1, ceil(chars / 10))`.
pub fn generation_cost_cent(chars: usize) -> i64 {
    let chars = chars as i64;
    ((chars + CHARS_PER_CENT - 1) / CHARS_PER_CENT).max(1)
}

/// What is refunded of a job's `cost` when it failed after `delivered` of its `parts` went
/// out to the caller (a streamed answer): the share not delivered, rounded in the
/// caller's favour of what was kept. Nothing delivered: all of it.
pub fn undelivered_refund_cent(cost: i64, delivered: usize, parts: usize) -> i64 {
    if delivered == 0 || parts == 0 {
        return cost;
    }
    let (sent, all) = (cost * delivered.min(parts) as i64, parts as i64);
    let kept = (sent + all - 1) / all;
    (cost - kept).max(0)
}

/// "1,00 €" style for logs and e-mails (the web app formats on its own).
pub fn format_euro(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{},{:02} €", abs / 100, abs % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_rounds_up_per_ten_characters_with_a_minimum_of_one_cent() {
        assert_eq!(generation_cost_cent(0), 1);
        assert_eq!(generation_cost_cent(1), 1);
        assert_eq!(generation_cost_cent(10), 1);
        assert_eq!(generation_cost_cent(11), 2);
        assert_eq!(generation_cost_cent(99), 10);
        assert_eq!(generation_cost_cent(5000), 500);
    }

    #[test]
    fn a_stream_that_failed_half_way_refunds_only_what_was_not_delivered() {
        assert_eq!(undelivered_refund_cent(500, 0, 10), 500);
        assert_eq!(undelivered_refund_cent(500, 5, 10), 250);
        assert_eq!(undelivered_refund_cent(500, 10, 10), 0);
        assert_eq!(undelivered_refund_cent(7, 1, 3), 4, "kept 3 of 7 (2.33 rounded up)");
        assert_eq!(undelivered_refund_cent(1, 1, 2), 0);
    }

    #[test]
    fn euros_have_two_decimals_and_a_comma() {
        assert_eq!(format_euro(100), "1,00 €");
        assert_eq!(format_euro(5), "0,05 €");
        assert_eq!(format_euro(-1234), "-12,34 €");
    }
}
