//! Fits the strong bots' bidding estimates on exact solves of random deals and prints the weights.
//!
//! ```sh
//! cargo run --release -p bots --example fit_bids -- kout4 4000
//! cargo run --release -p bots --example fit_bids -- kout6 1500
//! cargo run --release -p bots --example fit_bids -- baloot-hokum 8000
//! cargo run --release -p bots --example fit_bids -- baloot-sun 8000
//! ```
//!
//! Arguments: the model, the number of deals (default 2000), the seed (default 1), the threads
//! (default: the cores). Deals whose solve passes a cap of positions are skipped and counted (a
//! few Kout 6 deals take minutes to solve exactly). How the samples are drawn: `bots::fit`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use bots::fit::{baloot_sample, fit_quality, kout_sample, least_squares};
use cards::seeded_rng;
use game::GameKind;
use solver::{BalootSolver, KoutSolver};

type Rows = Vec<(Vec<f64>, f64)>;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let model = args.first().map_or("kout4", String::as_str).to_owned();
    let deals: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2_000);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let threads: usize = args
        .get(3)
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let started = Instant::now();
    let done = AtomicUsize::new(0);
    let skipped = AtomicUsize::new(0);
    let rows: Rows = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let (model, done, skipped) = (&model, &done, &skipped);
                scope.spawn(move || {
                    let mut rng = seeded_rng(seed.wrapping_mul(1_000).wrapping_add(t as u64));
                    let mut kout = KoutSolver::with_table_bits(20);
                    let mut baloot = BalootSolver::new();
                    let mut rows = Rows::new();
                    while done.fetch_add(1, Ordering::Relaxed) < deals {
                        let row = match model.as_str() {
                            "kout4" => kout_sample(GameKind::Kout4, &mut rng, &mut kout, 200_000_000)
                                .map(|(x, y)| (x.to_vec(), y)),
                            "kout6" => kout_sample(GameKind::Kout6, &mut rng, &mut kout, 60_000_000)
                                .map(|(x, y)| (x.to_vec(), y)),
                            "baloot-hokum" => baloot_sample(false, &mut rng, &mut baloot, 50_000_000),
                            "baloot-sun" => baloot_sample(true, &mut rng, &mut baloot, 50_000_000),
                            other => {
                                eprintln!("unknown model {other}: kout4, kout6, baloot-hokum or baloot-sun");
                                std::process::exit(2);
                            }
                        };
                        let Some(row) = row else {
                            skipped.fetch_add(1, Ordering::Relaxed);
                            continue;
                        };
                        rows.push(row);
                        if t == 0 && rows.len() % 100 == 0 {
                            eprintln!("about {} deals solved, {:.0?}", rows.len() * threads, started.elapsed());
                        }
                    }
                    rows
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap_or_default()).collect()
    });
    let Some(weights) = least_squares(&rows, 1e-3) else {
        eprintln!("the fit failed ({} rows)", rows.len());
        std::process::exit(1);
    };
    let (r2, sd) = fit_quality(&rows, &weights);
    let mean = rows.iter().map(|r| r.1).sum::<f64>() / rows.len().max(1) as f64;
    println!(
        "// {model}: {} deals solved, {} skipped at the cap, seed {seed}; mean {mean:.3}, R² {r2:.3}, residual sd {sd:.3}; {:.0?}",
        rows.len(),
        skipped.load(Ordering::Relaxed),
        started.elapsed()
    );
    println!("[");
    for (i, w) in weights.iter().enumerate() {
        println!("    {w:.3}, // {i}");
    }
    println!("]");
}
