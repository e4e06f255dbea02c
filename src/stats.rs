//! The little statistics every bench and arena reports: medians and
//! percentiles of timings, the Wilson score interval of a win rate, and the
//! chi-square tests of a die's faces and of counts that should be even (the
//! bots' fairness between seats). One copy, so every report rounds and
//! bounds its numbers the same way.

/// The standard normal quantile for a two-sided 95% interval (1.96, the value
/// the tables round 1.959 964 to). Every win rate in the reports is given with
/// this interval.
pub const Z_95: f64 = 1.96;

/// The standard normal quantile for a one-sided test at p = 0.001 (3.090, the
/// tables' 3.090 232): a bound that a fair count crosses once in a thousand
/// seedings, for tests that must not fail by bad luck.
pub const Z_ONE_SIDED_001: f64 = 3.09;

/// The median of `values`: the middle value, or the mean of the two middle
/// ones for an even count; NaN when there are none.
pub fn median(mut values: Vec<f64>) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// The `q` quantile (0 to 1) of already sorted values by nearest rank: the
/// value at index round((n − 1)·q), no interpolation; `None` when there are
/// none. `q = 0.5` is the upper median, `sorted[n / 2]` (unlike [`median`],
/// which averages the middle pair).
pub fn percentile<T: Copy>(sorted: &[T], q: f64) -> Option<T> {
    if sorted.is_empty() {
        return None;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted.get(i.min(sorted.len() - 1)).copied()
}

/// A sorted copy of `values` (in `f64::total_cmp` order), ready for [`percentile`].
pub fn sorted(values: &[f64]) -> Vec<f64> {
    let mut s = values.to_vec();
    s.sort_by(f64::total_cmp);
    s
}

/// The Wilson score interval of `successes` in `trials` at 95% ([`Z_95`]),
/// clamped to [0, 1]. `successes` may be fractional (a shared win counts its
/// share). No trials: (0, 1), nothing is known.
pub fn wilson(successes: f64, trials: f64) -> (f64, f64) {
    wilson_at(successes, trials, Z_95)
}

/// The Wilson score interval of `successes` in `trials` for the normal
/// quantile `z` ([`Z_95`] for [`wilson`]'s 95%; [`Z_ONE_SIDED_001`] for a
/// bound crossed by chance once in a thousand), clamped to [0, 1]. No
/// trials: (0, 1).
pub fn wilson_at(successes: f64, trials: f64, z: f64) -> (f64, f64) {
    if trials <= 0.0 {
        return (0.0, 1.0);
    }
    let n = trials;
    let p = successes / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / d;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The chi-square statistic of face counts against a fair die, and its p-value
/// (five degrees of freedom, closed form for an odd number of them).
pub fn chi_square_fair(counts: &[u64; 6]) -> (f64, f64) {
    let n: u64 = counts.iter().sum();
    let expected = n as f64 / 6.0;
    let x: f64 = counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    (x, chi_square_p5(x))
}

/// The chi-square statistic of observed `counts` against the expected share
/// `probs` of each category (shares summing to 1): Σ (observed − expected)² /
/// expected. A category expected never (share 0) is left out. Zero when there
/// are no counts.
pub fn chi_square(counts: &[u64], probs: &[f64]) -> f64 {
    assert_eq!(counts.len(), probs.len(), "one share per category");
    let n: u64 = counts.iter().sum();
    if n == 0 {
        return 0.0;
    }
    counts
        .iter()
        .zip(probs)
        .filter(|&(_, &p)| p > 0.0)
        .map(|(&c, &p)| {
            let expected = n as f64 * p;
            (c as f64 - expected).powi(2) / expected
        })
        .sum()
}

/// The chi-square statistic of `counts` against an even spread over its
/// categories (k categories: k − 1 degrees of freedom). Compare it with
/// [`chi_square_critical_001`].
pub fn chi_square_uniform(counts: &[u64]) -> f64 {
    if counts.is_empty() {
        return 0.0;
    }
    let even = vec![1.0 / counts.len() as f64; counts.len()];
    chi_square(counts, &even)
}

/// The chi-square critical value at p = 0.001 for `df` degrees of freedom (1
/// to 10, from the tables): a statistic above it happens by chance once in a
/// thousand. `None` outside the table.
pub fn chi_square_critical_001(df: usize) -> Option<f64> {
    const TABLE: [f64; 10] = [
        10.83, 13.82, 16.27, 18.47, 20.52, 22.46, 24.32, 26.12, 27.88, 29.59,
    ];
    df.checked_sub(1).and_then(|i| TABLE.get(i)).copied()
}

/// P(χ² ≥ x) with five degrees of freedom: Q(x; 5) = erfc(√(x/2)) +
/// √(2x/π)·e^(−x/2)·(1 + x/3), the closed form for an odd number of them.
pub fn chi_square_p5(x: f64) -> f64 {
    let q = erfc((x / 2.0).sqrt())
        + (2.0 * x / std::f64::consts::PI).sqrt() * (-x / 2.0).exp() * (1.0 + x / 3.0);
    q.clamp(0.0, 1.0)
}

/// The complementary error function (Numerical Recipes' erfcc, |error| < 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_averages_the_middle_pair() {
        assert!(median(Vec::new()).is_nan());
        assert_eq!(median(vec![3.0]), 3.0);
        assert_eq!(median(vec![4.0, 1.0, 3.0]), 3.0);
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), 2.5);
    }

    #[test]
    fn percentiles_take_the_nearest_rank() {
        let empty: [f64; 0] = [];
        assert_eq!(percentile(&empty, 0.5), None);
        let v: Vec<f64> = (0..11).map(f64::from).collect();
        assert_eq!(percentile(&v, 0.0), Some(0.0));
        assert_eq!(percentile(&v, 0.5), Some(5.0));
        assert_eq!(percentile(&v, 0.9), Some(9.0));
        assert_eq!(percentile(&v, 0.99), Some(10.0));
        assert_eq!(percentile(&v, 1.0), Some(10.0));
        // (10 − 1)·0.9 = 8.1: rank 8, not interpolated.
        let w: Vec<u32> = (0..10).collect();
        assert_eq!(percentile(&w, 0.9), Some(8));
        // The middle is the upper median, sorted[n / 2], at every length.
        for n in 1..200u32 {
            let v: Vec<u32> = (0..n).collect();
            assert_eq!(percentile(&v, 0.5), Some(v[v.len() / 2]), "n = {n}");
        }
        assert_eq!(sorted(&[3.0, 1.0, 2.0]), vec![1.0, 2.0, 3.0]);
    }

    #[test]
    fn the_wilson_interval_matches_the_textbook() {
        // 50 of 100 at 95%: 0.4038 to 0.5962.
        let (lo, hi) = wilson(50.0, 100.0);
        assert!(
            (lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4,
            "{lo} {hi}"
        );
        // None of 10: from 0 to 0.2775, never below 0.
        let (lo, hi) = wilson(0.0, 10.0);
        assert!((0.0..1e-12).contains(&lo), "{lo}");
        assert!((hi - 0.2775).abs() < 1e-4, "{hi}");
        let (lo, hi) = wilson(10.0, 10.0);
        assert!(
            (lo - 0.7225).abs() < 1e-4 && hi <= 1.0 && hi > 1.0 - 1e-12,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0.0, 0.0), (0.0, 1.0));
        // A shared win counts its share.
        let (lo, hi) = wilson(2.5, 5.0);
        assert!(lo < 0.5 && hi > 0.5 && (lo + hi - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_chi_square_p_value_matches_the_tables() {
        // Critical values of chi-square with 5 degrees of freedom.
        let p = chi_square_p5;
        assert!((p(11.070) - 0.05).abs() < 1e-3);
        assert!((p(15.086) - 0.01).abs() < 1e-3);
        assert!((p(4.351) - 0.5).abs() < 1e-3);
        let (x, pv) = chi_square_fair(&[100, 100, 100, 100, 100, 100]);
        assert_eq!(x, 0.0);
        assert!((pv - 1.0).abs() < 1e-6);
    }

    #[test]
    fn the_chi_square_of_even_counts_and_its_critical_values() {
        assert_eq!(chi_square_uniform(&[50, 50, 50]), 0.0);
        assert_eq!(chi_square_uniform(&[]), 0.0);
        assert_eq!(chi_square_uniform(&[0, 0]), 0.0);
        // Expected 20 each: (100 + 0 + 100) / 20.
        assert!((chi_square_uniform(&[10, 20, 30]) - 10.0).abs() < 1e-12);
        // The same as the die's statistic on six faces.
        let faces = [90, 110, 95, 105, 100, 100];
        assert!((chi_square_uniform(&faces) - chi_square_fair(&faces).0).abs() < 1e-12);
        // Uneven shares: 30 of 90 where a third is expected is no deviation;
        // all 90 on the one-third category is 2 × 90.
        assert!(chi_square(&[30, 60], &[1.0 / 3.0, 2.0 / 3.0]).abs() < 1e-12);
        assert!((chi_square(&[90, 0], &[1.0 / 3.0, 2.0 / 3.0]) - 180.0).abs() < 1e-9);
        // A share of 0 is left out.
        assert!((chi_square(&[10, 0, 30], &[0.5, 0.0, 0.5]) - 10.0).abs() < 1e-12);
        // The table: df 5's value is where the closed-form p-value is 0.001.
        assert_eq!(chi_square_critical_001(0), None);
        assert_eq!(chi_square_critical_001(11), None);
        assert_eq!(chi_square_critical_001(1), Some(10.83));
        assert_eq!(chi_square_critical_001(10), Some(29.59));
        let p = chi_square_p5(chi_square_critical_001(5).unwrap());
        assert!((p - 0.001).abs() < 1e-4, "{p}");
        // Every value grows with the degrees of freedom.
        for df in 1..10 {
            assert!(chi_square_critical_001(df) < chi_square_critical_001(df + 1));
        }
    }

    #[test]
    fn the_one_sided_wilson_bound_is_wider_than_the_95_percent_one() {
        assert_eq!(wilson_at(50.0, 100.0, Z_95), wilson(50.0, 100.0));
        let (lo, hi) = wilson_at(50.0, 100.0, Z_ONE_SIDED_001);
        let (lo95, hi95) = wilson(50.0, 100.0);
        assert!(lo < lo95 && hi > hi95);
        // 45 wins in 300 games is below a quarter even at this bound.
        assert!(wilson_at(45.0, 300.0, Z_ONE_SIDED_001).1 < 0.25);
        assert_eq!(wilson_at(0.0, 0.0, Z_ONE_SIDED_001), (0.0, 1.0));
    }
}
