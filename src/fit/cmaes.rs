//! A small CMA-ES (Hansen's (μ/μ_w, λ) evolution strategy with covariance
//! matrix adaptation, "The CMA Evolution Strategy: A Tutorial", 2016) on the
//! nalgebra that Rapier already brings: the `cmaes` crate would add a second
//! nalgebra (0.33) and rand 0.8 to the build. Minimises a function of a few
//! noisy, non-smooth parameters; deterministic under its seed; each
//! generation's candidates are handed over together, so they can be scored
//! on every core.

use bevy_rapier3d::rapier::na::{DMatrix, DVector, SymmetricEigen};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardNormal};

/// The search's state.
pub struct Cmaes {
    n: usize,
    pub lambda: usize,
    mu: usize,
    weights: Vec<f64>,
    mu_eff: f64,
    c_sigma: f64,
    d_sigma: f64,
    c_c: f64,
    c_1: f64,
    c_mu: f64,
    chi_n: f64,
    pub mean: DVector<f64>,
    pub sigma: f64,
    c: DMatrix<f64>,
    b: DMatrix<f64>,
    d: DVector<f64>,
    p_sigma: DVector<f64>,
    p_c: DVector<f64>,
    rng: ChaCha8Rng,
    generation: usize,
    /// The best point seen and its value.
    pub best: (DVector<f64>, f64),
}

impl Cmaes {
    /// A search from `start` with step `sigma`, seeded.
    pub fn new(start: &[f64], sigma: f64, seed: u64) -> Self {
        let n = start.len();
        let nf = n as f64;
        let lambda = 4 + (3.0 * nf.ln()).floor() as usize;
        let mu = lambda / 2;
        let raw: Vec<f64> = (0..mu)
            .map(|i| ((lambda as f64 + 1.0) / 2.0).ln() - ((i + 1) as f64).ln())
            .collect();
        let sum: f64 = raw.iter().sum();
        let weights: Vec<f64> = raw.iter().map(|w| w / sum).collect();
        let mu_eff = 1.0 / weights.iter().map(|w| w * w).sum::<f64>();
        let c_sigma = (mu_eff + 2.0) / (nf + mu_eff + 5.0);
        let d_sigma = 1.0 + 2.0 * (((mu_eff - 1.0) / (nf + 1.0)).sqrt() - 1.0).max(0.0) + c_sigma;
        let c_c = (4.0 + mu_eff / nf) / (nf + 4.0 + 2.0 * mu_eff / nf);
        let c_1 = 2.0 / ((nf + 1.3).powi(2) + mu_eff);
        let c_mu =
            (1.0 - c_1).min(2.0 * (mu_eff - 2.0 + 1.0 / mu_eff) / ((nf + 2.0).powi(2) + mu_eff));
        let chi_n = nf.sqrt() * (1.0 - 1.0 / (4.0 * nf) + 1.0 / (21.0 * nf * nf));
        Cmaes {
            n,
            lambda,
            mu,
            weights,
            mu_eff,
            c_sigma,
            d_sigma,
            c_c,
            c_1,
            c_mu,
            chi_n,
            mean: DVector::from_column_slice(start),
            sigma,
            c: DMatrix::identity(n, n),
            b: DMatrix::identity(n, n),
            d: DVector::from_element(n, 1.0),
            p_sigma: DVector::zeros(n),
            p_c: DVector::zeros(n),
            rng: ChaCha8Rng::seed_from_u64(seed),
            generation: 0,
            best: (DVector::from_column_slice(start), f64::INFINITY),
        }
    }

    /// This generation's λ candidates.
    pub fn ask(&mut self) -> Vec<DVector<f64>> {
        (0..self.lambda)
            .map(|_| {
                let z = DVector::from_fn(self.n, |_, _| StandardNormal.sample(&mut self.rng));
                let y = &self.b * z.component_mul(&self.d);
                &self.mean + y * self.sigma
            })
            .collect()
    }

    /// The candidates' values (smaller is better): moves the mean, the
    /// step and the shape of the search.
    pub fn tell(&mut self, candidates: &[DVector<f64>], values: &[f64]) {
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
        if values[order[0]] < self.best.1 {
            self.best = (candidates[order[0]].clone(), values[order[0]]);
        }
        let old = self.mean.clone();
        let mut mean = DVector::zeros(self.n);
        for (w, &i) in self.weights.iter().zip(&order) {
            mean += &candidates[i] * *w;
        }
        self.mean = mean;
        let step = (&self.mean - &old) / self.sigma;
        // C^(-1/2) · step.
        let inv_d = self.d.map(|v| 1.0 / v);
        let c_inv_sqrt_step = &self.b * (self.b.transpose() * &step).component_mul(&inv_d);
        self.p_sigma = &self.p_sigma * (1.0 - self.c_sigma)
            + c_inv_sqrt_step * (self.c_sigma * (2.0 - self.c_sigma) * self.mu_eff).sqrt();
        self.generation += 1;
        let ps_norm = self.p_sigma.norm();
        let h_sigma = ps_norm
            / (1.0 - (1.0 - self.c_sigma).powi(2 * self.generation as i32)).sqrt()
            / self.chi_n
            < 1.4 + 2.0 / (self.n as f64 + 1.0);
        let h = if h_sigma { 1.0 } else { 0.0 };
        self.p_c = &self.p_c * (1.0 - self.c_c)
            + &step * (h * (self.c_c * (2.0 - self.c_c) * self.mu_eff).sqrt());
        let mut rank_mu = DMatrix::zeros(self.n, self.n);
        for (w, &i) in self.weights.iter().zip(&order) {
            let y = (&candidates[i] - &old) / self.sigma;
            rank_mu += &y * y.transpose() * *w;
        }
        let delta = (1.0 - h) * self.c_c * (2.0 - self.c_c);
        self.c = &self.c * (1.0 - self.c_1 - self.c_mu)
            + (&self.p_c * self.p_c.transpose() + &self.c * delta) * self.c_1
            + rank_mu * self.c_mu;
        self.sigma *= ((self.c_sigma / self.d_sigma) * (ps_norm / self.chi_n - 1.0)).exp();
        // Symmetrise, then B and D from the eigen-decomposition.
        self.c = (&self.c + self.c.transpose()) * 0.5;
        let eig = SymmetricEigen::new(self.c.clone());
        self.b = eig.eigenvectors;
        self.d = eig.eigenvalues.map(|v| v.max(1e-20).sqrt());
    }

    /// The search's spread along each coordinate (σ · √C_ii).
    pub fn spread(&self) -> Vec<f64> {
        (0..self.n)
            .map(|i| self.sigma * self.c[(i, i)].sqrt())
            .collect()
    }

    pub fn generation(&self) -> usize {
        self.generation
    }

    /// How many candidates each generation has.
    pub fn population(&self) -> usize {
        self.lambda
    }

    /// The parents kept each generation.
    pub fn parents(&self) -> usize {
        self.mu
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(f: impl Fn(&DVector<f64>) -> f64, start: &[f64], seed: u64) -> (DVector<f64>, f64) {
        let mut es = Cmaes::new(start, 0.5, seed);
        for _ in 0..3000 {
            let xs = es.ask();
            let vs: Vec<f64> = xs.iter().map(&f).collect();
            es.tell(&xs, &vs);
            if es.best.1 < 1e-12 {
                break;
            }
        }
        es.best
    }

    #[test]
    fn it_finds_the_bottom_of_a_tilted_narrow_valley() {
        // Rosenbrock's valley, minimum 0 at (1, 1, 1, 1) (and a local one, 3.70, near x₀ = −1).
        let rosen = |x: &DVector<f64>| {
            (0..x.len() - 1)
                .map(|i| 100.0 * (x[i + 1] - x[i] * x[i]).powi(2) + (1.0 - x[i]).powi(2))
                .sum::<f64>()
        };
        let (x, v) = run(rosen, &[0.0, 0.0, 0.0, 0.0], 7);
        assert!(v < 1e-8, "{v} at {x}");
        for xi in x.iter() {
            assert!((xi - 1.0).abs() < 1e-3, "{x}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_search() {
        let sphere = |x: &DVector<f64>| x.iter().map(|v| (v - 3.0) * (v - 3.0)).sum::<f64>();
        let a = run(sphere, &[0.0; 3], 5);
        let b = run(sphere, &[0.0; 3], 5);
        assert_eq!(a.0, b.0);
        assert_eq!(a.1.to_bits(), b.1.to_bits());
    }
}
