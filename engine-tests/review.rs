//! `tengen review` from the outside: the reviewed SGF (a comment and Lizzie's `LZ` on every
//! move, read back by sgf-parse), the mistake mark and the engine's line on a record with a
//! known blunder, the SVG graph (well-formed XML, one point per move, escaped names), the
//! summary, and bad input (unreadable files, broken SGF, illegal moves, clashing options).
//! Small boards and few playouts keep it cheap.

mod common;

use common::{run_once, temp_path};
use sgf_parse::go::Prop;
use sgf_parse::SgfNode;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Longest one review here may take.
const TIMEOUT: Duration = Duration::from_secs(120);

/// The SGF point of a GTP vertex on a `size` board.
fn sgf(v: &str, size: usize) -> String {
    let col = v.as_bytes()[0].to_ascii_uppercase();
    let x = if col > b'I' {
        col - b'A' - 1
    } else {
        col - b'A'
    };
    let row: usize = v[1..].parse().expect("row");
    format!(
        "{}{}",
        (b'a' + x) as char,
        (b'a' + (size - row) as u8) as char
    )
}

/// A 9x9 game in which Black's move 23 (J9) leaves the five stones C3-G3 in atari (White's
/// B3 took their last liberty but H3, where Black connects to J3), and White takes them
/// with move 24; then both pass.
fn blunder_record() -> String {
    let moves = [
        "C3", "C4", "D3", "D4", "E3", "E4", "F3", "F4", "G3", "G4", "C7", "C2", "D7", "D2", "E7",
        "E2", "F7", "F2", "G7", "G2", "J3", "B3", "J9", "H3",
    ];
    let mut s = String::from("(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]PB[Bl<a>ck & co]PW[White]");
    for (i, m) in moves.iter().enumerate() {
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!(";{c}[{}]", sgf(m, 9)));
    }
    s.push_str(";B[];W[])");
    s
}

fn write_temp(stem: &str, text: &str) -> PathBuf {
    let p = temp_path(stem, "sgf");
    std::fs::write(&p, text).expect("temp file");
    p
}

fn review(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["review"];
    all.extend_from_slice(args);
    let (status, out, err) = run_once(&all, TIMEOUT);
    (status.code().unwrap_or(-1), out, err)
}

fn comment(n: &SgfNode<Prop>) -> Option<String> {
    match n.get_property("C") {
        Some(Prop::C(t)) => Some(t.text.clone()),
        _ => None,
    }
}

fn lz(n: &SgfNode<Prop>) -> Option<String> {
    n.properties().find_map(|p| match p {
        Prop::Unknown(id, v) if id == "LZ" => v.first().cloned(),
        _ => None,
    })
}

/// The nodes of the main line after the root, each with its parent.
fn main_line(root: &SgfNode<Prop>) -> Vec<(&SgfNode<Prop>, &SgfNode<Prop>)> {
    let mut out = vec![];
    let mut node = root;
    while let Some(next) = node.children.first() {
        out.push((node, next));
        node = next;
    }
    out
}

/// Reads the first line of an `LZ` value as Lizzie 0.7.4 does: version, win rate in
/// percent, playouts (with `k`/`m` suffixes).
fn lizzie_first_line(value: &str) -> (String, f64, u64) {
    let first = value.split('\n').next().unwrap_or("");
    let parts: Vec<&str> = first.split(' ').collect();
    assert!(parts.len() >= 3, "LZ first line {first:?}");
    let wr: f64 = parts[1].replace(',', ".").parse().expect("LZ win rate");
    let playouts: u64 = parts[2]
        .replace('k', "000")
        .replace('m', "000000")
        .chars()
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .expect("LZ playouts");
    (parts[0].to_string(), wr, playouts)
}

#[test]
fn the_blunder_is_marked_with_the_engines_line() {
    let input = write_temp("review-blunder", &blunder_record());
    let out = temp_path("review-blunder-out", "sgf");
    let graph = temp_path("review-blunder-graph", "svg");
    let (code, stdout, stderr) = review(&[
        input.to_str().unwrap(),
        "--playouts",
        "600",
        "--threads",
        "2",
        "--out",
        out.to_str().unwrap(),
        "--graph",
        graph.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("26 moves, 600 playouts a position"),
        "{stdout}"
    );
    let text = std::fs::read_to_string(&out).expect("the reviewed record");
    let trees = sgf_parse::parse(&text).expect("the reviewed record parses");
    let root = trees[0].as_go_node().expect("a Go record");
    assert!(comment(root)
        .unwrap_or_default()
        .contains("Reviewed by Tengen"));
    let line = main_line(root);
    assert_eq!(line.len(), 26, "{text}");
    for (i, (_, node)) in line.iter().enumerate() {
        let n = i + 1;
        let c = comment(node).unwrap_or_else(|| panic!("move {n} has no comment"));
        assert!(c.starts_with(&format!("Move {n}: ")), "{c}");
        assert!(c.contains("\nWin rate: Black "), "{c}");
        assert!(c.contains("\nScore lead: "), "{c}");
        let value = lz(node).unwrap_or_else(|| panic!("move {n} has no LZ"));
        let (version, wr, playouts) = lizzie_first_line(&value);
        assert_eq!(version, "0.7.4");
        assert!((0.0..=100.0).contains(&wr), "{value}");
        assert!(
            playouts > 0,
            "Lizzie draws only nodes with playouts: {value}"
        );
    }
    // the blunder: move 23, Black J9
    let (parent, blunder) = line[22];
    assert_eq!(blunder.get_property("B"), Some(&Prop::B(go_move("J9"))));
    assert!(
        blunder.get_property("BM").is_some(),
        "{}",
        comment(blunder).unwrap_or_default()
    );
    let c = comment(blunder).unwrap_or_default();
    assert!(c.contains("Mistake: Black loses"), "{c}");
    // Black's win rate falls by far more than the threshold: Lizzie's numbers say so too
    let before = lizzie_first_line(&lz(parent).unwrap_or_default()).1; // White's, after move 22
    let after = lizzie_first_line(&lz(blunder).unwrap_or_default()).1; // Black's, after 23
    assert!(
        (100.0 - before) - after > 10.0,
        "Black {} -> {after}",
        100.0 - before
    );
    // the engine's line is a sibling of the blunder and saves the stones at H3
    assert_eq!(parent.children.len(), 2, "{text}");
    let var = &parent.children[1];
    assert_eq!(
        var.get_property("B"),
        Some(&Prop::B(go_move("H3"))),
        "{text}"
    );
    assert!(comment(var)
        .unwrap_or_default()
        .contains("instead of move 23"));
    // the summary lists each side's losses, Black's blunder among them
    // (the made-up game has other big losses: both sides leave stones in atari for long)
    let black = stdout
        .lines()
        .find(|l| l.contains("Black's biggest losses: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    // five moves, each with the points and the win rate it lost (never a gain)
    let items: Vec<&str> = black
        .split("losses: ")
        .nth(1)
        .unwrap_or_default()
        .split(", ")
        .collect();
    assert_eq!(items.len(), 5, "{black}");
    for item in items {
        assert!(
            item.contains(" points (") && item.ends_with("%)"),
            "{black}"
        );
        assert!(!item.contains("-0.0 points (0.0%)"), "{black}");
    }
    assert!(stdout.contains("White's biggest losses: "), "{stdout}");
    let mistakes = stdout
        .lines()
        .find(|l| l.contains("mistakes (lose more than 10.0%): Black "))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(!mistakes.contains("Black 0,"), "{mistakes}");
    // the graph
    let svg = std::fs::read_to_string(&graph).expect("the graph");
    well_formed(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let points = attribute(&svg, "polyline", "points").expect("a polyline");
    assert_eq!(points.split_whitespace().count(), 26, "one point per move");
    assert!(svg.contains("Bl&lt;a&gt;ck &amp; co"), "{svg}");
    assert!(svg.contains("<title>move 23 B J9: loses "), "{svg}");
    for p in [input, out, graph] {
        let _ = std::fs::remove_file(p);
    }
}

fn go_move(v: &str) -> sgf_parse::go::Move {
    let p = sgf(v, 9);
    let b = p.as_bytes();
    sgf_parse::go::Move::Move(sgf_parse::go::Point {
        x: b[0] - b'a',
        y: b[1] - b'a',
    })
}

/// The value of `name` on the first `<tag ...>` of `xml`.
fn attribute(xml: &str, tag: &str, name: &str) -> Option<String> {
    let start = xml.find(&format!("<{tag} "))?;
    let rest = &xml[start..];
    let rest = &rest[..rest.find('>')?];
    let at = rest.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(rest[at..].split('"').next()?.to_string())
}

/// Checks that `xml` is well-formed: one root element, tags nested and closed, attribute
/// values quoted, `&` only in the five predefined or numeric references, no `<` in text.
fn well_formed(xml: &str) -> Result<(), String> {
    let mut stack: Vec<String> = vec![];
    let mut roots = 0;
    let mut rest = xml.trim();
    let check_text = |t: &str| -> Result<(), String> {
        let mut s = t;
        while let Some(i) = s.find('&') {
            let tail = &s[i + 1..];
            let end = tail.find(';').ok_or(format!("bare & in {t:?}"))?;
            let name = &tail[..end];
            let ok = ["amp", "lt", "gt", "quot", "apos"].contains(&name)
                || (name.starts_with('#') && name[1..].chars().all(|c| c.is_ascii_digit()));
            if !ok {
                return Err(format!("bad reference &{name}; in {t:?}"));
            }
            s = &tail[end..];
        }
        if t.contains('>') {
            return Err(format!("> in text {t:?}"));
        }
        Ok(())
    };
    while !rest.is_empty() {
        let lt = rest.find('<').unwrap_or(rest.len());
        let text = &rest[..lt];
        if stack.is_empty() && !text.trim().is_empty() {
            return Err(format!("text outside the root: {text:?}"));
        }
        check_text(text)?;
        rest = &rest[lt..];
        if rest.is_empty() {
            break;
        }
        let gt = rest.find('>').ok_or("unclosed tag")?;
        let tag = &rest[1..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(open) if open == name.trim() => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name: String = body.chars().take_while(|c| !c.is_whitespace()).collect();
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '-') {
            return Err(format!("bad tag <{tag}>"));
        }
        // attributes: name="value" pairs
        let mut attrs = body[name.len()..].trim();
        while !attrs.is_empty() {
            let eq = attrs
                .find("=\"")
                .ok_or(format!("unquoted attribute in <{tag}>"))?;
            let value_end = attrs[eq + 2..]
                .find('"')
                .ok_or(format!("unclosed attribute in <{tag}>"))?;
            let value = &attrs[eq + 2..eq + 2 + value_end];
            if value.contains('<') {
                return Err(format!("< in attribute of <{tag}>"));
            }
            check_text(value)?;
            attrs = attrs[eq + 2 + value_end + 1..].trim_start();
        }
        if stack.is_empty() {
            roots += 1;
        }
        if !self_closing {
            stack.push(name);
        }
    }
    if !stack.is_empty() {
        return Err(format!("unclosed elements {stack:?}"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(())
}

#[test]
fn the_xml_check_finds_broken_xml() {
    assert!(well_formed("<svg a=\"1\"><g><title>a &amp; b</title></g></svg>").is_ok());
    for bad in [
        "<svg><g></svg>",
        "<svg>a & b</svg>",
        "<svg a=1></svg>",
        "<svg><title>x<y</title></svg>",
        "<svg/><svg/>",
        "<svg a=\"<\"/>",
    ] {
        assert!(well_formed(bad).is_err(), "{bad}");
    }
}

#[test]
fn handicap_setup_and_board_sizes() {
    let dir = temp_path("review-sizes", "d");
    std::fs::create_dir_all(&dir).expect("temp folder");
    let files = [
        (
            "hc",
            "(;SZ[9]KM[0.5]HA[2]AB[cc][gg]RU[Japanese];W[ee];B[ce];W[])",
        ),
        ("setup", "(;SZ[7]AB[aa]AW[bb]PL[W];W[dd];B[cc])"),
        ("two", "(;SZ[2];B[aa];W[];B[])"),
        ("big", "(;SZ[25];B[yy];W[aa])"),
        ("empty", "(;SZ[9]KM[7])"),
    ];
    let paths: Vec<PathBuf> = files
        .iter()
        .map(|(name, text)| {
            let p = dir.join(format!("{name}.sgf"));
            std::fs::write(&p, text).expect("temp file");
            p
        })
        .collect();
    let mut args: Vec<&str> = paths.iter().map(|p| p.to_str().unwrap()).collect();
    args.extend(["--playouts", "100", "--out", dir.to_str().unwrap()]);
    args.extend(["--graph", dir.to_str().unwrap()]);
    let (code, stdout, stderr) = review(&args);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(stdout.contains("rules japanese, komi 0.5"), "{stdout}");
    for ((name, _), input) in files.iter().zip(&paths) {
        let out = dir.join(format!("{name}-review.sgf"));
        let text = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{name}: {e}"));
        let original = std::fs::read_to_string(input).expect("input");
        let moves = |t: &str| -> usize {
            let trees = sgf_parse::parse(t).expect("parses");
            main_line(trees[0].as_go_node().expect("go")).len()
        };
        assert_eq!(moves(&text), moves(&original), "{name}: {text}");
        let svg = std::fs::read_to_string(dir.join(format!("{name}-review.svg"))).expect("svg");
        well_formed(&svg).unwrap_or_else(|e| panic!("{name}: {e}"));
        if *name == "hc" {
            // the handicap stones and White's first move are kept
            assert!(text.contains("HA[2]") && text.contains(";W[ee]"), "{text}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_reported_and_the_other_records_go_on() {
    let good = write_temp("review-good", "(;SZ[5]KM[0.5];B[cc];W[bb])");
    let broken = write_temp("review-broken", "(;SZ[9];B[ee]");
    let illegal = write_temp("review-illegal", "(;SZ[9];B[ee];W[ee])");
    let missing = Path::new("/nonexistent/tengen-review.sgf");
    let dir = temp_path("review-bad", "d");
    std::fs::create_dir_all(&dir).expect("temp folder");
    let (code, stdout, stderr) = review(&[
        good.to_str().unwrap(),
        broken.to_str().unwrap(),
        illegal.to_str().unwrap(),
        missing.to_str().unwrap(),
        "--playouts",
        "50",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(stderr.contains("SGF syntax error"), "{stderr}");
    assert!(stderr.contains("move 2 is illegal"), "{stderr}");
    assert!(stderr.contains("cannot open"), "{stderr}");
    assert!(stderr.contains("3 of 4 records not reviewed"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let stem = good.file_stem().unwrap().to_string_lossy().into_owned();
    assert!(dir.join(format!("{stem}-review.sgf")).exists(), "{stdout}");
    // several records and an --out that is not a folder
    let (code, _, stderr) = review(&[
        good.to_str().unwrap(),
        good.to_str().unwrap(),
        "--out",
        "/nonexistent/x.sgf",
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not a folder"), "{stderr}");
    // clashing and bad options are refused by the command line
    for bad in [
        vec!["--playouts", "10", "--seconds", "1"],
        vec!["--mistake", "2"],
        vec!["--playouts", "0"],
        vec!["--searches", "0"],
        vec!["--searches", "65"],
        vec!["--rules", "nonsense"],
    ] {
        let mut args = vec![good.to_str().unwrap()];
        args.extend(bad.iter().copied());
        let (code, _, stderr) = review(&args);
        assert_eq!(code, 2, "{bad:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{bad:?}: {stderr}");
    }
    // an unwritable output
    let (code, _, stderr) = review(&[
        good.to_str().unwrap(),
        "--playouts",
        "20",
        "--out",
        "/nonexistent/dir/x.sgf",
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot write"), "{stderr}");
    for p in [good, broken, illegal] {
        let _ = std::fs::remove_file(p);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
