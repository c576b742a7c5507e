//! The batch's cost per decision: 256 matches of each game, every step writing each acting
//! seat's observation and mask, random legal actions drawn from the masks (one hand per episode).
//!
//! `cargo bench -p envs --bench batch`

// criterion_group! and criterion_main! generate undocumented public functions.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use envs::{Batch, BatchStep, EnvConfig};
use game::GameKind;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

const N: usize = 256;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("batch_step_256");
    group.throughput(Throughput::Elements(N as u64));
    for (name, kind, players) in [
        ("kout6", GameKind::Kout6, None),
        ("kout4", GameKind::Kout4, None),
        ("baloot", GameKind::Baloot, None),
        ("kabul4", GameKind::Kabul, Some(4)),
    ] {
        let mut config = EnvConfig::new(kind);
        config.max_hands = Some(1);
        if let Some(p) = players {
            config.options.insert("players".into(), p.into());
        }
        let mut batch = Batch::new(&config, N, 1).expect("batch");
        let probe = &batch.envs()[0];
        let (obs, count, seats) = (probe.observation_len(), probe.action_count(), probe.seat_count());
        let (mut o, mut m, mut a, mut r, mut d) =
            (vec![0f32; N * obs], vec![0u8; N * count], vec![0i64; N], vec![0f32; N * seats], vec![0u8; N]);
        batch
            .reset(1, BatchStep { observations: &mut o, masks: &mut m, agents: &mut a, rewards: &mut r, done: &mut d })
            .expect("reset");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut actions = vec![0i64; N];
        group.bench_function(name, |b| {
            b.iter(|| {
                envs::random_legal(&m, count, &mut rng, &mut actions);
                batch
                    .step(
                        &actions,
                        BatchStep {
                            observations: &mut o,
                            masks: &mut m,
                            agents: &mut a,
                            rewards: &mut r,
                            done: &mut d,
                        },
                    )
                    .expect("step");
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
