//! Small hand-written SVG line charts: time against n (log scale) and ratios.

/// One line of a chart.
pub struct Series {
    /// Legend text.
    pub label: String,
    /// (x, y) points in drawing order.
    pub points: Vec<(f64, f64)>,
    /// Dashed lines for published (paper) values.
    pub dashed: bool,
}

const COLORS: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
];

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// An SVG line chart; `log_y` plots y on a log10 axis (non-positive y values are dropped).
pub fn line_chart(
    title: &str,
    x_label: &str,
    y_label: &str,
    log_y: bool,
    series: &[Series],
) -> String {
    let (w, h, left, right, top, bottom) = (760.0, 460.0, 70.0, 230.0, 40.0, 50.0);
    let pw = w - left - right;
    let ph = h - top - bottom;
    let ty = |y: f64| if log_y { y.log10() } else { y };
    let pts: Vec<(f64, f64)> = series
        .iter()
        .flat_map(|s| s.points.iter().copied())
        .filter(|(_, y)| y.is_finite() && (!log_y || *y > 0.0))
        .collect();
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n",
        left + pw / 2.0,
        esc(title)
    );
    if pts.is_empty() {
        svg.push_str("<text x=\"50%\" y=\"50%\" text-anchor=\"middle\">no data</text>\n</svg>\n");
        return svg;
    }
    let (mut x0, mut x1) = (f64::MAX, f64::MIN);
    let (mut y0, mut y1) = (f64::MAX, f64::MIN);
    for (x, y) in &pts {
        x0 = x0.min(*x);
        x1 = x1.max(*x);
        y0 = y0.min(ty(*y));
        y1 = y1.max(ty(*y));
    }
    if log_y {
        y0 = y0.floor();
        y1 = y1.ceil();
    } else {
        y0 = y0.min(0.0);
        y1 *= 1.1;
    }
    if x1 <= x0 {
        x1 = x0 + 1.0;
    }
    if y1 <= y0 {
        y1 = y0 + 1.0;
    }
    let sx = |x: f64| left + (x - x0) / (x1 - x0) * pw;
    let sy = |y: f64| top + ph - (ty(y) - y0) / (y1 - y0) * ph;
    svg.push_str(&format!(
        "<rect x=\"{left}\" y=\"{top}\" width=\"{pw}\" height=\"{ph}\" fill=\"none\" stroke=\"#444\"/>\n"
    ));
    // x ticks at integers
    let mut x = x0.ceil();
    while x <= x1 {
        let px = sx(x);
        svg.push_str(&format!(
            "<line x1=\"{px:.1}\" y1=\"{}\" x2=\"{px:.1}\" y2=\"{}\" stroke=\"#ddd\"/><text x=\"{px:.1}\" y=\"{}\" text-anchor=\"middle\">{x}</text>\n",
            top,
            top + ph,
            top + ph + 16.0
        ));
        x += ((x1 - x0) / 12.0).ceil().max(1.0);
    }
    // y ticks: decades on a log axis, 5 steps otherwise
    let steps: Vec<f64> = if log_y {
        (y0 as i64..=y1 as i64)
            .map(|e| 10f64.powi(e as i32))
            .collect()
    } else {
        (0..=5).map(|i| y0 + (y1 - y0) * i as f64 / 5.0).collect()
    };
    for v in steps {
        let py = sy(v);
        let label = if log_y {
            format!("{v}")
        } else {
            format!("{v:.2}")
        };
        svg.push_str(&format!(
            "<line x1=\"{left}\" y1=\"{py:.1}\" x2=\"{}\" y2=\"{py:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{label}</text>\n",
            left + pw,
            left - 6.0,
            py + 4.0
        ));
    }
    svg.push_str(&format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n<text transform=\"translate(16,{}) rotate(-90)\" text-anchor=\"middle\">{}</text>\n",
        left + pw / 2.0,
        h - 12.0,
        esc(x_label),
        top + ph / 2.0,
        esc(y_label)
    ));
    draw_series(&mut svg, series, log_y, (left + pw, top), &sx, &sy);
    svg.push_str("</svg>\n");
    svg
}

/// Each series as a polyline with a dot at each point, and its legend entry right of the
/// plot (`right_top`: the plot's top right corner).
fn draw_series(
    svg: &mut String,
    series: &[Series],
    log_y: bool,
    (right, top): (f64, f64),
    sx: &dyn Fn(f64) -> f64,
    sy: &dyn Fn(f64) -> f64,
) {
    for (i, s) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        let dash = if s.dashed {
            " stroke-dasharray=\"6,4\""
        } else {
            ""
        };
        let path: Vec<String> = s
            .points
            .iter()
            .filter(|(_, y)| y.is_finite() && (!log_y || *y > 0.0))
            .map(|(x, y)| format!("{:.1},{:.1}", sx(*x), sy(*y)))
            .collect();
        if !path.is_empty() {
            svg.push_str(&format!(
                "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"2\"{dash} points=\"{}\"/>\n",
                path.join(" ")
            ));
            for p in &path {
                let (cx, cy) = p.split_once(',').unwrap_or(("0", "0"));
                svg.push_str(&format!(
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"3\" fill=\"{color}\"/>\n"
                ));
            }
        }
        let ly = top + 14.0 + 18.0 * i as f64;
        svg.push_str(&format!(
            "<line x1=\"{}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" stroke=\"{color}\" stroke-width=\"2\"{dash}/><text x=\"{}\" y=\"{}\">{}</text>\n",
            right + 10.0,
            right + 34.0,
            right + 40.0,
            ly + 4.0,
            esc(&s.label)
        ));
    }
}

use super::record::BenchRecord;

fn variant_label(r: &BenchRecord) -> String {
    if r.implementation == "cpu" {
        return r.device.clone();
    }
    format!(
        "{} {} r{} {} {}",
        r.device, r.algorithm, r.radix, r.coeffs, r.precision
    )
}

/// Adds `pt` to the series named `label`, starting it (solid) where it is new.
fn add_point(series: &mut Vec<Series>, label: String, pt: (f64, f64)) {
    match series.iter_mut().find(|s| s.label == label) {
        Some(s) => s.points.push(pt),
        None => series.push(Series {
            label,
            points: vec![pt],
            dashed: false,
        }),
    }
}

/// Median kernel time against n for every device and variant with this p; `extra` adds
/// series (e.g. the paper's rows).
pub fn time_chart(records: &[BenchRecord], p: u32, extra: Vec<Series>) -> String {
    let mut series: Vec<Series> = Vec::new();
    for r in records.iter().filter(|r| r.p == p) {
        let label = variant_label(r);
        let pt = (r.n as f64, r.kernel_ms.median);
        add_point(&mut series, label, pt);
    }
    series.extend(extra);
    line_chart(
        &format!("VC transform, p = {p}: time against n"),
        "n (N = p^n)",
        "ms (median kernel time)",
        true,
        &series,
    )
}

/// CT time / CG time against n, per device and matching variant (radix, coeffs, precision).
pub fn ratio_chart(records: &[BenchRecord], p: u32, extra: Vec<Series>) -> String {
    let mut series: Vec<Series> = Vec::new();
    for ct in records.iter().filter(|r| r.p == p && r.algorithm == "ct") {
        let Some(cg) = records.iter().find(|r| {
            r.p == p
                && r.algorithm == "cg"
                && r.n == ct.n
                && r.device == ct.device
                && r.radix == ct.radix
                && r.coeffs == ct.coeffs
                && r.precision == ct.precision
        }) else {
            continue;
        };
        let label = format!("{} r{} {} {}", ct.device, ct.radix, ct.coeffs, ct.precision);
        let pt = (ct.n as f64, ct.kernel_ms.median / cg.kernel_ms.median);
        add_point(&mut series, label, pt);
    }
    series.extend(extra);
    line_chart(
        &format!("VC transform, p = {p}: CT time / CG time"),
        "n (N = p^n)",
        "CT / CG (above 1: CG faster)",
        false,
        &series,
    )
}

/// `bench --fft`: median kernel time against log2 of the points, a series for every device,
/// transform and precision (the CPU rows: the f64 reference), each shape a point labelled in
/// the exports.
pub fn fft_time_chart(records: &[BenchRecord]) -> String {
    let mut series: Vec<Series> = Vec::new();
    for r in records.iter().filter(|r| r.fft.is_some()) {
        let label = format!("{} {} {}", r.device, r.algorithm, r.precision);
        add_point(
            &mut series,
            label,
            ((r.len as f64).log2(), r.kernel_ms.median),
        );
    }
    for s in &mut series {
        s.points.sort_by(|a, b| a.0.total_cmp(&b.0));
    }
    line_chart(
        "FFT of any shape: time against the points",
        "log2 of the points",
        "ms (median kernel time)",
        true,
        &series,
    )
}
