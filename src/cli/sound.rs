//! `sound`: a flick into the town, heard headless. Every sound it makes
//! (from the physics' contacts: which, when, how loud, where) is printed, the
//! sounds are mixed as the player's chair hears them into a WAV file, and the
//! file is read back and its onsets measured against the contacts.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::math::{Vec2, Vec3};
use highnoon::physics::Table;
use highnoon::physics::table::Flick;
use highnoon::sound::{self, Bank, events};

use super::fail;
use super::play::DataArgs;

/// `sound [--piece NAME] [--at NAME] [--strength S] [--out FILE.wav]`.
#[derive(clap::Args, Debug)]
pub struct SoundCli {
    /// The piece flicked.
    #[arg(long, default_value = "Bullet 1")]
    piece: String,
    /// The piece aimed at (by default the town's first cowboy).
    #[arg(long)]
    at: Option<String>,
    /// 0 to 1 (full strength).
    #[arg(long, default_value_t = 1.0)]
    strength: f32,
    /// Where the flicked piece is put first, centimetres from the target
    /// toward the player's chair (by default it flicks from where it lies).
    #[arg(long)]
    from_cm: Option<f32>,
    /// The WAV file written.
    #[arg(long, default_value = "flick.wav")]
    out: PathBuf,
    /// Writes the table's music instead (its loop played twice, to hear the
    /// seam), and prints its score.
    #[arg(long)]
    music: bool,
}

impl SoundCli {
    pub fn run(self, play: &DataArgs) -> ExitCode {
        if self.music {
            return write_music(&self.out);
        }
        let mut table = match Table::from_files(&play.profile_path(), &play.town_path()) {
            Ok(t) => t,
            Err(e) => return fail(&e),
        };
        let Some(piece) = table.piece(&self.piece) else {
            eprintln!("no piece called {:?} in the town", self.piece);
            return ExitCode::from(2);
        };
        let target = match &self.at {
            Some(name) => table.piece(name),
            None => table
                .index()
                .pieces
                .iter()
                .find(|p| p.kind.is_figure())
                .map(|p| p.id),
        };
        let Some(target) = target else {
            eprintln!("no piece to aim at ({:?})", self.at);
            return ExitCode::from(2);
        };
        let aim = table.pose(target).0;
        if let Some(cm) = self.from_cm {
            table.place(piece, Vec2::new(aim.x, aim.z + cm / 100.0), 0.0);
        }
        let from = table.pose(piece).0;
        let flick = Flick::new(
            piece,
            Vec2::new(aim.x - from.x, aim.z - from.z),
            self.strength,
        );
        let (outcome, heard) = match events::listen_to_flick(&mut table, flick) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        };
        println!(
            "{} flicked at {} ({:.0}%): {} steps, {} sounds",
            self.piece,
            table.index().get(target).map_or("?", |p| p.name.as_str()),
            self.strength * 100.0,
            outcome.steps,
            heard.len()
        );
        // As heard from the player's chair: the table's near edge, right is +x.
        let ear = Vec3::new(0.0, 0.5, 0.9);
        for e in &heard {
            let pan = e.place.map_or(0.0, |p| events::pan(p, ear, Vec3::X));
            println!(
                "  {:7.3} s  {:<18} loudness {:.2}  pan {pan:+.2}",
                e.at,
                e.sound.name(),
                e.loudness,
            );
        }
        let stereo = sound::record(&Bank::new(), &heard, ear, Vec3::X);
        let seconds = stereo.len() as f32 / 2.0 / sound::RATE as f32;
        if let Err(e) = sound::write_wav(&self.out, &stereo) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
        let mono = match sound::read_wav_mono(&self.out) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        // Onsets on the flick's clock (the recording starts LEAD_IN before it).
        let onsets: Vec<f32> = sound::onsets(&mono)
            .into_iter()
            .map(|t| t - sound::LEAD_IN)
            .collect();
        println!(
            "wrote {} ({seconds:.2} s); onsets measured in it: {}",
            self.out.display(),
            onsets
                .iter()
                .map(|t| format!("{t:.3}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        for t in &onsets {
            let nearest = heard
                .iter()
                .map(|e| (e.at - t).abs())
                .fold(f32::INFINITY, f32::min);
            println!(
                "  onset {t:.3} s: nearest sound {:.1} ms away",
                nearest * 1e3
            );
        }
        ExitCode::SUCCESS
    }
}

/// The music's loop, twice over, as a WAV file; its score printed a bar a line.
fn write_music(out: &std::path::Path) -> ExitCode {
    use highnoon::sound::music;
    let score = music::score();
    for (bar, (bass, chord)) in music::CHORDS.iter().enumerate() {
        let start = (bar * music::BEATS) as f32 * music::beat();
        let tune: Vec<String> = score
            .iter()
            .filter(|n| {
                n.player == music::Player::Whistle
                    && n.at >= start - 1e-4
                    && n.at < start + music::BEATS as f32 * music::beat() - 1e-4
            })
            .map(|n| format!("{}", n.pitch))
            .collect();
        println!(
            "bar {:2} at {start:6.2} s: bass {bass}, chord {chord:?}, tune {}",
            bar + 1,
            if tune.is_empty() {
                "-".into()
            } else {
                tune.join(" ")
            }
        );
    }
    let once = music::render(&score);
    let stereo: Vec<f32> = once.iter().chain(&once).flat_map(|&x| [x, x]).collect();
    if let Err(e) = sound::write_wav(out, &stereo) {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    println!(
        "wrote {} ({:.1} s: the {:.1} s loop twice)",
        out.display(),
        stereo.len() as f32 / 2.0 / sound::RATE as f32,
        once.len() as f32 / sound::RATE as f32
    );
    ExitCode::SUCCESS
}
