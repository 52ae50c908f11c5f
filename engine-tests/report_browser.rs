//! The match report in a real browser: renders a sample report (3 engines, 30 games, an SPRT
//! curve) with `tengen::arena::report::render`, opens it in headless Chromium, and checks from
//! the dumped DOM that the page laid out its plots and tables (the page's closing script
//! writes the rendered sizes and visible row counts into the body's `data-*` attributes),
//! then takes a screenshot and checks the PNG.
//!
//! Needs Chromium (`apt-get install -y chromium`; CI installs it): skipped with a message
//! when it is absent, except under CI (`CI` set), where its absence fails the test.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tengen::arena::process::{kill_group, own_process_group};
use tengen::arena::report::{render, Cell, CurvePoint, EloRow, GameRow, ReportInput, SprtCurve};
use tengen::arena::stats;

/// Longest one browser run may take before it is killed.
const BROWSER_TIMEOUT: Duration = Duration::from_secs(90);

/// Window size of the screenshot, as Chromium's `--window-size` takes it.
const WINDOW: (u32, u32) = (1200, 1600);

/// Chromium, or `None` after saying the test is skipped; under CI (`CI` set) its absence
/// fails the test.
fn browser_or_skip() -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is not installed: CI must install it (see .ci/run)"
        );
        eprintln!(
            "SKIPPED: chromium is not installed (apt-get install -y chromium); CI runs this test"
        );
    }
    found
}

/// What the browser made of a page.
pub struct Rendered {
    /// The DOM after load and scripts, as `--dump-dom` prints it.
    pub dom: String,
    /// The body's `data-*` attributes, names without the `data-` prefix.
    pub data: BTreeMap<String, String>,
    /// The screenshot, `WINDOW` in size.
    pub screenshot: PathBuf,
    /// Wall time of both browser runs.
    pub elapsed: Duration,
}

/// The Chromium binary: `chromium` or `chromium-browser` on PATH or in /usr/bin.
pub fn chromium() -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("/usr/bin"));
    ["chromium", "chromium-browser"]
        .iter()
        .flat_map(|name| dirs.iter().map(move |d| d.join(name)))
        .find(|p| p.is_file())
}

/// Runs `cmd` in its own process group (on Unix) with stdout and stderr to files under
/// `work` (named after `tag`), killing the whole group if it outlives `BROWSER_TIMEOUT` (and
/// after it exits, so no helper process lingers); returns stdout.
fn run_bounded(mut cmd: Command, work: &Path, tag: &str) -> String {
    let out_path = work.join(format!("{tag}.stdout"));
    let err_path = work.join(format!("{tag}.stderr"));
    let out = File::create(&out_path).expect("stdout file");
    let err = File::create(&err_path).expect("stderr file");
    cmd.stdin(Stdio::null()).stdout(out).stderr(err);
    own_process_group(&mut cmd);
    let mut child = cmd.spawn().expect("start chromium");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait for chromium") {
            break s;
        }
        if start.elapsed() > BROWSER_TIMEOUT {
            kill_group(child.id());
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "chromium ({tag}) still running after {BROWSER_TIMEOUT:?}: killed; stderr:\n{}",
                fs::read_to_string(&err_path).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    kill_group(child.id());
    assert!(
        status.success(),
        "chromium ({tag}) failed: {status}; stderr:\n{}",
        fs::read_to_string(&err_path).unwrap_or_default()
    );
    fs::read_to_string(&out_path).expect("chromium's stdout")
}

/// Chromium headless on `html` with a fresh profile under `work`, and `extra` arguments.
fn chromium_command(
    browser: &Path,
    html: &Path,
    work: &Path,
    tag: &str,
    extra: &[&str],
) -> Command {
    let profile = work.join(format!("profile-{tag}"));
    let _ = fs::remove_dir_all(&profile);
    let mut cmd = Command::new(browser);
    cmd.env("HOME", work)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--hide-scrollbars",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}", html.display()));
    cmd
}

/// Opens `html` (an absolute path) in headless Chromium twice: once to dump the DOM after
/// load, once for a screenshot next to it (`<html>.png`). Browser output and profiles go to
/// `<html>.browser/`.
pub fn render_in_browser(browser: &Path, html: &Path) -> Rendered {
    assert!(html.is_absolute(), "{} is not absolute", html.display());
    let work = html.with_extension("browser");
    fs::create_dir_all(&work).expect("browser work folder");
    let start = Instant::now();
    let dom = run_bounded(
        chromium_command(browser, html, &work, "dom", &["--dump-dom"]),
        &work,
        "dom",
    );
    let screenshot = html.with_extension("png");
    let _ = fs::remove_file(&screenshot);
    let size = format!("--window-size={},{}", WINDOW.0, WINDOW.1);
    let shot = format!("--screenshot={}", screenshot.display());
    run_bounded(
        chromium_command(browser, html, &work, "shot", &[&size, &shot]),
        &work,
        "shot",
    );
    let elapsed = start.elapsed();
    let body = regex::Regex::new(r"<body([^>]*)>").expect("regex");
    let attr = regex::Regex::new(r#"data-([a-z0-9-]+)="([^"]*)""#).expect("regex");
    let data = body
        .captures(&dom)
        .map(|c| {
            attr.captures_iter(&c[1])
                .map(|a| (a[1].to_string(), a[2].to_string()))
                .collect()
        })
        .unwrap_or_default();
    Rendered {
        dom,
        data,
        screenshot,
        elapsed,
    }
}

/// A size "WxH" as numbers.
fn size(s: Option<&String>) -> (u32, u32) {
    let s = s.map_or("", String::as_str);
    let (w, h) = s.split_once('x').unwrap_or(("0", "0"));
    (w.parse().unwrap_or(0), h.parse().unwrap_or(0))
}

/// A reproducible stream of numbers in [0, 1).
struct Lcg(u64);

impl Lcg {
    /// The next number.
    fn uniform(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A realistic report: tengen, gnugo and pachi in a round robin of 30 games on 9x9, with the
/// first engine's running score and an SPRT of Elo 0 against 50 over its games.
pub fn sample_report() -> ReportInput {
    let engines = ["tengen", "gnugo-l10", "pachi"].map(String::from);
    let pairs = [(0, 1), (0, 2), (1, 2)];
    let strength = [0.0, -60.0, 40.0];
    let reasons = ["resignation", "score", "score", "resignation", "time"];
    let openings = ["tengen (E5)", "komoku (C4)", "hoshi (D4)", "sansan (C3)"];
    let mut rng = Lcg(2026);
    let mut cross = vec![vec![None::<Cell>; 3]; 3];
    let mut games = Vec::new();
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut curve = Vec::new();
    let mut llr = Vec::new();
    let (s0, s1) = (0.5, 1.0 / (1.0 + 10f64.powf(-50.0 / 400.0)));
    for n in 1..=30usize {
        let (a, b) = pairs[(n - 1) % 3];
        let (black, white) = if (n / 3) % 2 == 0 { (a, b) } else { (b, a) };
        let p_black = 1.0 / (1.0 + 10f64.powf((strength[white] - strength[black]) / 400.0));
        let roll = rng.uniform();
        let draw = roll > 0.97;
        let winner = if draw {
            None
        } else if roll < p_black * 0.97 {
            Some(black)
        } else {
            Some(white)
        };
        let reason = reasons[n % reasons.len()];
        let result = match (winner, reason) {
            (None, _) => "0".to_string(),
            (Some(w), "resignation") => format!("{}+R", if w == black { "B" } else { "W" }),
            (Some(w), "time") => format!("{}+T", if w == black { "B" } else { "W" }),
            (Some(w), _) => format!(
                "{}+{}.5",
                if w == black { "B" } else { "W" },
                (rng.uniform() * 20.0) as u32
            ),
        };
        for (me, them) in [(black, white), (white, black)] {
            let c = cross[me][them].get_or_insert(Cell::default());
            match winner {
                None => c.draws += 1,
                Some(w) if w == me => c.wins += 1,
                Some(_) => c.losses += 1,
            }
        }
        if black == 0 || white == 0 {
            match winner {
                None => draws += 1,
                Some(0) => wins += 1,
                Some(_) => losses += 1,
            }
            let est = stats::score_rate(wins, draws, losses).expect("a game was played");
            let elo = stats::elo(&est);
            let finite = |x: f64| Some(x).filter(|x| x.is_finite());
            curve.push(CurvePoint {
                game: (wins + draws + losses) as usize,
                score: est.value,
                low: est.low,
                high: est.high,
                elo: finite(elo.value),
                elo_low: finite(elo.low),
                elo_high: finite(elo.high),
            });
            // The normal approximation of the LLR over the first engine's scores so far.
            let k = f64::from(wins + draws + losses);
            let m = est.value;
            let var = ((f64::from(wins) * (1.0 - m).powi(2)
                + f64::from(draws) * (0.5 - m).powi(2)
                + f64::from(losses) * m.powi(2))
                / k)
                .max(0.05);
            llr.push((
                curve.len(),
                k * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var),
            ));
        }
        games.push(GameRow {
            number: n,
            black: engines[black].clone(),
            white: engines[white].clone(),
            result,
            winner: winner.map(|w| engines[w].clone()),
            reason: if winner.is_none() {
                "jigo".to_string()
            } else {
                reason.to_string()
            },
            moves: 60 + (rng.uniform() * 60.0) as usize,
            opening: (n % 5 != 4).then(|| openings[n % openings.len()].to_string()),
            sgf: format!("sgf/game-{n:03}.sgf"),
        });
    }
    let ratings = (0..3)
        .map(|i| {
            if i == 0 {
                return Some(EloRow::default());
            }
            let c = cross[i][0]?;
            let e = stats::elo(&stats::score_rate(c.wins, c.draws, c.losses)?);
            Some(EloRow {
                elo: e.value,
                low: e.low,
                high: e.high,
            })
        })
        .collect();
    let (lower, upper) = ((0.05f64 / 0.95).ln(), (0.95f64 / 0.05).ln());
    let last = llr.last().map_or(0.0, |p| p.1);
    ReportInput {
        title: "tengen vs gnugo-l10 vs pachi: 30 games, 9x9, komi 7, chinese rules".to_string(),
        settings: [
            ("Board", "9x9"),
            ("Komi", "7"),
            ("Rules", "chinese"),
            ("Clock", "60 s + 3 x 5 s byo-yomi"),
            ("Games", "30, colours alternating"),
            ("Referee", "gnugo --mode gtp --chinese-rules"),
            ("tengen", "tengen --playouts 2000 --threads 1"),
            ("gnugo-l10", "/usr/games/gnugo --mode gtp --level 10"),
            ("pachi", "pachi -t =5000"),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect(),
        engines: engines.to_vec(),
        cross,
        ratings,
        curve,
        sprt: Some(SprtCurve {
            elo0: 0.0,
            elo1: 50.0,
            alpha: 0.05,
            beta: 0.05,
            lower,
            upper,
            points: llr,
            decision: if last >= upper {
                "H1 accepted".to_string()
            } else if last <= lower {
                "H0 accepted".to_string()
            } else {
                format!("continue (LLR {last:.2})")
            },
        }),
        games,
    }
}

#[test]
fn report_lays_out_in_chromium() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-browser");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp folder");
    let input = sample_report();
    assert_eq!(input.games.len(), 30);
    let html = dir.join("report.html");
    fs::write(&html, render(&input)).expect("write the report");

    let r = render_in_browser(&browser, &html);
    eprintln!(
        "chromium rendered {} in {:.1} s: {:?}; screenshot {}",
        html.display(),
        r.elapsed.as_secs_f64(),
        r.data,
        r.screenshot.display()
    );
    let (w, h) = size(r.data.get("score-plot"));
    assert!(w > 100 && h > 20, "score line laid out: {:?}", r.data);
    let (w, h) = size(r.data.get("llr-plot"));
    assert!(w > 100 && h > 10, "LLR line laid out: {:?}", r.data);
    assert_eq!(r.data.get("game-rows").map(String::as_str), Some("30"));
    assert_eq!(r.data.get("cross-rows").map(String::as_str), Some("3"));
    assert_eq!(r.dom.matches("<a href=\"sgf/game-").count(), 30);

    let png = fs::read(&r.screenshot).expect("the screenshot");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    assert!(png.len() > 30_000, "screenshot of {} bytes", png.len());
    let dim = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    assert_eq!((dim(16), dim(20)), WINDOW, "IHDR width and height");
}

/// A match with no game yet still lays out: plots with their note, no line, no game rows.
#[test]
fn empty_report_lays_out_in_chromium() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-browser-empty");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp folder");
    let mut input = sample_report();
    input.cross = vec![vec![None; 3]; 3];
    input.ratings = vec![None; 3];
    input.curve.clear();
    input.games.clear();
    if let Some(s) = input.sprt.as_mut() {
        s.points.clear();
        s.decision = "no games yet".to_string();
    }
    let html = dir.join("report.html");
    fs::write(&html, render(&input)).expect("write the report");
    let r = render_in_browser(&browser, &html);
    eprintln!("empty report: {:?}", r.data);
    assert_eq!(r.data.get("score-plot").map(String::as_str), Some("none"));
    assert_eq!(r.data.get("llr-plot").map(String::as_str), Some("none"));
    assert_eq!(r.data.get("game-rows").map(String::as_str), Some("0"));
    assert_eq!(r.data.get("cross-rows").map(String::as_str), Some("3"));
    assert!(r.dom.contains("no games yet"));
}

/// The report a real `tengen match` writes (a gauntlet of fake engines under an SPRT, from
/// random openings) lays out in Chromium, and its links lead to the SGF files. The fake
/// engines are POSIX shell scripts (Unix only).
#[cfg(unix)]
#[test]
fn report_of_a_real_match_lays_out_in_chromium() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-browser-match");
    let _ = fs::remove_dir_all(&dir);
    let fake = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/engine-tests/fake_engines/fake_gtp.sh"
    );
    let engines = [
        format!("a={fake} pass"),
        format!("b={fake} resign"),
        format!("c={fake} pass"),
    ];
    let mut args: Vec<String> = Vec::new();
    for e in &engines {
        args.extend(["--engine".to_string(), e.clone()]);
    }
    for a in [
        "--tournament",
        "gauntlet",
        "--games",
        "6",
        "--size",
        "9",
        "--random-opening",
        "4",
        "--sprt",
        "-50,50",
        "--out",
    ] {
        args.push(a.to_string());
    }
    args.push(dir.display().to_string());
    let summary =
        tengen::arena::run(&tengen::arena::parse_args(args).expect("options")).expect("match runs");
    let games = summary.games;
    assert!(games > 0);
    let r = render_in_browser(&browser, &dir.join("report.html"));
    let (w, h) = size(r.data.get("score-plot"));
    assert!(w > 100 && h > 5, "score line laid out: {:?}", r.data);
    let (w, _) = size(r.data.get("llr-plot"));
    assert!(w > 100, "LLR line laid out: {:?}", r.data);
    assert_eq!(
        r.data.get("game-rows").map(String::as_str),
        Some(games.to_string().as_str())
    );
    assert_eq!(r.data.get("cross-rows").map(String::as_str), Some("3"));
    for n in 1..=games {
        let link = format!("sgf/game-{n:04}.sgf");
        assert!(r.dom.contains(&format!("href=\"{link}\"")), "{link} linked");
        assert!(dir.join(&link).exists(), "{link} written");
    }
}
