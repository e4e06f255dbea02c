//! `plot`: a chart from a sweep's CSV (`tune`): the mean of one column over
//! bins of another, one line per setting; PNG or SVG by the file's
//! extension.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use highnoon::plot::{PlotSpec, draw, read_csv, series};

/// `plot CSV --out CHART [options]`.
#[derive(clap::Args, Debug)]
pub struct PlotCli {
    csv: PathBuf,
    #[arg(long, default_value = "strength")]
    x: String,
    #[arg(long, default_value = "slide_m")]
    y: String,
    /// The column whose values make the lines.
    #[arg(long, default_value = "setting")]
    by: String,
    #[arg(long, default_value_t = 14)]
    bins: usize,
    #[arg(long)]
    title: Option<String>,
    /// The chart file (.png or .svg).
    #[arg(long)]
    out: PathBuf,
}

impl PlotCli {
    /// Draws the chart asked for.
    pub fn run(self) -> ExitCode {
        let spec = PlotSpec {
            x: self.x,
            y: self.y,
            by: self.by,
            bins: self.bins,
            title: self.title,
        };
        chart(&self.csv, &spec, &self.out)
    }
}

/// Draws `spec`'s chart of the rows in `csv` into `out` and says where.
pub fn chart(csv: &Path, spec: &PlotSpec, out: &Path) -> ExitCode {
    let done = read_csv(csv)
        .and_then(|t| series(&t, spec))
        .and_then(|s| draw(&s, spec, out));
    match done {
        Ok(()) => {
            println!("chart written to {}", out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
