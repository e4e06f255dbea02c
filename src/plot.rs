//! `highnoon plot`: charts from a sweep's CSV (`tune`), as PNG or SVG. One
//! line per group (each setting, named by its parameter values): the mean of
//! a column over bins of another, e.g. slide against strength for each
//! friction, figures felled against distance, steps to rest against strength.

use std::collections::BTreeMap;
use std::path::Path;

use plotters::prelude::*;

/// What to draw.
#[derive(Debug, Clone)]
pub struct PlotSpec {
    pub x: String,
    pub y: String,
    /// The column whose values make the lines (default: `setting`).
    pub by: String,
    pub bins: usize,
    pub title: Option<String>,
}

/// A CSV read as columns of text.
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// Reads a sweep's CSV (`tune`). Shards concatenated whole are welcome: a
/// repeated header (a row starting `setting`) is skipped, and so is any row
/// whose field count is not the header's (a row cut short by an interrupted run).
pub fn read_csv(path: &Path) -> Result<Table, String> {
    let at = |e: csv::Error| format!("{}: {e}", path.display());
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_path(path)
        .map_err(at)?;
    let header: Vec<String> = reader
        .headers()
        .map_err(at)?
        .iter()
        .map(str::to_string)
        .collect();
    if header.is_empty() {
        return Err(format!("{}: empty file", path.display()));
    }
    let mut rows: Vec<Vec<String>> = Vec::new();
    for record in reader.records() {
        let record = record.map_err(at)?;
        if record.len() != header.len() || record.get(0) == Some("setting") {
            continue;
        }
        rows.push(record.iter().map(str::to_string).collect());
    }
    Ok(Table { header, rows })
}

fn number(s: &str) -> Option<f64> {
    match s {
        "true" => Some(1.0),
        "false" => Some(0.0),
        _ => s.parse().ok(),
    }
}

/// One line: its label and (bin centre, mean, count) points.
pub type Series = (String, Vec<(f64, f64, usize)>);

/// The binned means, one series per group.
pub fn series(table: &Table, spec: &PlotSpec) -> Result<Vec<Series>, String> {
    let col = |name: &str| {
        table.header.iter().position(|h| h == name).ok_or_else(|| {
            format!(
                "no column \"{name}\" (columns: {})",
                table.header.join(", ")
            )
        })
    };
    let (xi, yi, gi) = (col(&spec.x)?, col(&spec.y)?, col(&spec.by)?);
    // The parameter columns sit between `setting` and `flick`: they name a setting.
    let flick = table.header.iter().position(|h| h == "flick").unwrap_or(1);
    let points: Vec<(String, f64, f64)> = table
        .rows
        .iter()
        .filter_map(|r| {
            let label = if spec.by == "setting" && flick > 1 {
                (1..flick)
                    .map(|k| format!("{}={}", short(&table.header[k]), r[k]))
                    .collect::<Vec<_>>()
                    .join(" ")
            } else {
                format!("{}={}", spec.by, r[gi])
            };
            Some((label, number(&r[xi])?, number(&r[yi])?))
        })
        .collect();
    if points.is_empty() {
        return Err("no rows to plot".into());
    }
    let (lo, hi) = points
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| {
            (a.min(p.1), b.max(p.1))
        });
    let bins = spec.bins.max(1);
    let width = ((hi - lo) / bins as f64).max(1e-12);
    let mut groups: BTreeMap<String, Vec<(f64, usize)>> = BTreeMap::new();
    for (g, x, y) in points {
        let b = (((x - lo) / width) as usize).min(bins - 1);
        let acc = groups.entry(g).or_insert_with(|| vec![(0.0, 0); bins]);
        acc[b].0 += y;
        acc[b].1 += 1;
    }
    Ok(groups
        .into_iter()
        .map(|(g, acc)| {
            let pts = acc
                .iter()
                .enumerate()
                .filter(|(_, (_, n))| *n > 0)
                .map(|(b, (sum, n))| (lo + (b as f64 + 0.5) * width, sum / *n as f64, *n))
                .collect();
            (g, pts)
        })
        .collect())
}

/// The last part of a dotted parameter name (`materials.tabletop.friction` → `tabletop.friction`).
fn short(name: &str) -> String {
    let parts: Vec<&str> = name.split('.').collect();
    if parts.len() > 2 {
        parts[parts.len() - 2..].join(".")
    } else {
        name.to_string()
    }
}

/// Draws the chart into `out` (`.png` or `.svg`).
pub fn draw(series: &[Series], spec: &PlotSpec, out: &Path) -> Result<(), String> {
    // Text in the font egui ships, so no system font is needed.
    let _ = plotters::style::register_font(
        "sans-serif",
        FontStyle::Normal,
        epaint_default_fonts::UBUNTU_LIGHT,
    );
    let size = (1280, 800);
    match out.extension().and_then(|e| e.to_str()) {
        Some("svg") => {
            // Drawn into memory, then written whole or not at all.
            let mut svg = String::new();
            chart(
                SVGBackend::with_string(&mut svg, size).into_drawing_area(),
                series,
                spec,
            )?;
            crate::files::write_whole(out, svg)
        }
        Some("png") => {
            // Drawn into memory, then encoded by the `image` crate Bevy builds
            // anyway (plotters' own encoder would build a second image stack).
            let mut rgb = vec![0u8; size.0 as usize * size.1 as usize * 3];
            chart(
                BitMapBackend::with_buffer(&mut rgb, size).into_drawing_area(),
                series,
                spec,
            )?;
            let mut png = std::io::Cursor::new(Vec::new());
            image::RgbImage::from_raw(size.0, size.1, rgb)
                .ok_or("the chart's pixels do not fill the picture")?
                .write_to(&mut png, image::ImageFormat::Png)
                .map_err(|e| format!("{}: {e}", out.display()))?;
            crate::files::write_whole(out, png.into_inner())
        }
        _ => Err(format!("{}: write a .png or an .svg", out.display())),
    }
}

fn chart<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    series: &[Series],
    spec: &PlotSpec,
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let all = series.iter().flat_map(|s| s.1.iter());
    let (x0, x1, y0, y1) = all.fold(
        (
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ),
        |(a, b, c, d), p| (a.min(p.0), b.max(p.0), c.min(p.1), d.max(p.1)),
    );
    let pad = ((y1 - y0) * 0.08).max(1e-6);
    let title = spec
        .title
        .clone()
        .unwrap_or_else(|| format!("{} against {}", spec.y, spec.x));
    let mut c = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 30))
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d(x0..x1.max(x0 + 1e-9), (y0 - pad).min(0.0)..y1 + pad)
        .map_err(err)?;
    c.configure_mesh()
        .x_desc(format!("{} (bin centres)", spec.x))
        .y_desc(format!("mean {}", spec.y))
        .label_style(("sans-serif", 18))
        .axis_desc_style(("sans-serif", 22))
        .draw()
        .map_err(err)?;
    for (i, (label, pts)) in series.iter().enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        c.draw_series(LineSeries::new(
            pts.iter().map(|p| (p.0, p.1)),
            colour.stroke_width(3),
        ))
        .map_err(err)?
        .label(label.clone())
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3)));
        c.draw_series(
            pts.iter()
                .map(|p| Circle::new((p.0, p.1), 4, colour.filled())),
        )
        .map_err(err)?;
    }
    // The legend goes in the corner the lines leave most empty.
    let (ylo, yhi) = ((y0 - pad).min(0.0), y1 + pad);
    let crowd = |left: bool, top: bool| {
        series
            .iter()
            .flat_map(|s| s.1.iter())
            .filter(|p| {
                let fx = (p.0 - x0) / (x1 - x0).max(1e-12);
                let fy = (p.1 - ylo) / (yhi - ylo).max(1e-12);
                (if left { fx < 0.5 } else { fx > 0.5 })
                    && (if top { fy > 0.55 } else { fy < 0.45 })
            })
            .count()
    };
    let corner = [
        (crowd(true, true), SeriesLabelPosition::UpperLeft),
        (crowd(false, true), SeriesLabelPosition::UpperRight),
        (crowd(false, false), SeriesLabelPosition::LowerRight),
        (crowd(true, false), SeriesLabelPosition::LowerLeft),
    ]
    .into_iter()
    .min_by_key(|c| c.0)
    .map(|c| c.1)
    .unwrap_or(SeriesLabelPosition::UpperLeft);
    c.configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 18))
        .position(corner)
        .draw()
        .map_err(err)?;
    root.present().map_err(err)?;
    Ok(())
}
