//! Progress of the long headless commands (`tune`, `bench`, `flick arena`,
//! `flick balance`): one bar on the terminal, drawn on standard error and
//! left out when that is not a terminal (piped or in a log), so a log reads
//! only the results.

/// A bar to `total` things counted as `what` ("flicks", "games").
pub fn bar(total: u64, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {what}, {{per_sec}}, ETA {{eta}}"
        ))
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}
