//! The cost DSL (R5): every form in Japanese and ASCII, and its errors.

use dzero_core::{Colour, Cost, XEnergy};
use dzero_grammar::{Amount, CostTermKind, DslError, Span, parse_cost, parse_cost_expr};

fn cost(s: &str) -> Cost {
    match parse_cost(s) {
        Ok(c) => c,
        Err(e) => panic!("{s:?}: {e}"),
    }
}

fn err(s: &str) -> DslError {
    match parse_cost(s) {
        Ok(c) => panic!("{s:?} parsed as {c}"),
        Err(e) => e,
    }
}

// R5.2: coloured energy, one symbol per colour.
#[test]
fn coloured_energy_japanese_and_ascii() {
    let pairs = [
        ("赤1", "R1", Colour::Red),
        ("黒1", "B1", Colour::Black),
        ("青1", "U1", Colour::Blue),
        ("白1", "W1", Colour::White),
        ("緑1", "G1", Colour::Green),
    ];
    for (jp, ascii, c) in pairs {
        let expected = Cost::FREE.and(c, 1);
        assert_eq!(cost(jp), expected, "{jp}");
        assert_eq!(cost(ascii), expected, "{ascii}");
        assert_eq!(cost(&ascii.to_lowercase()), expected, "lower-case {ascii}");
    }
}

// R5.3: colourless energy 無 / C, mixed with colours.
#[test]
fn colourless_and_mixed() {
    let expected = Cost::colourless(3).and(Colour::Blue, 2);
    assert_eq!(cost("青2 無3"), expected);
    assert_eq!(cost("U2 C3"), expected);
    assert_eq!(cost("無3 青2"), expected, "order does not matter");
    assert_eq!(
        cost("青2無3"),
        expected,
        "spaces between terms are optional"
    );
    assert_eq!(cost("　青2　無3　"), expected, "ideographic spaces");
    assert_eq!(cost("青２ 無３"), expected, "full-width digits");
    assert_eq!(cost("青12").coloured[Colour::Blue.index()], 12);
    assert_eq!(
        cost("赤1 黒1 青1 白1 緑1 無1"),
        Cost::colourless(1)
            .and(Colour::Red, 1)
            .and(Colour::Black, 1)
            .and(Colour::Blue, 1)
            .and(Colour::White, 1)
            .and(Colour::Green, 1)
    );
}

// R5.5: X after a colour or 無; a lone X is colourless.
#[test]
fn x_costs() {
    assert_eq!(cost("青X"), Cost::FREE.and_x(XEnergy::Colour(Colour::Blue)));
    assert_eq!(cost("無X"), Cost::FREE.and_x(XEnergy::Colourless));
    assert_eq!(cost("CX"), Cost::FREE.and_x(XEnergy::Colourless));
    assert_eq!(cost("X"), Cost::FREE.and_x(XEnergy::Colourless));
    assert_eq!(cost("ｘ"), Cost::FREE.and_x(XEnergy::Colourless));
    assert_eq!(
        cost("赤2 赤X"),
        Cost::FREE
            .and(Colour::Red, 2)
            .and_x(XEnergy::Colour(Colour::Red)),
        "a fixed part and an X part of one colour"
    );
    assert_eq!(
        cost("rx c1"),
        Cost::colourless(1).and_x(XEnergy::Colour(Colour::Red))
    );
}

// R5.6, R5.7: freeze and discard costs.
#[test]
fn freeze_and_discard() {
    assert_eq!(
        cost("黒1 無1 廃棄"),
        Cost::colourless(1).and(Colour::Black, 1).and_discard_self()
    );
    assert_eq!(cost("フリーズ"), Cost::FREE.and_freeze_self());
    assert_eq!(cost("freeze"), Cost::FREE.and_freeze_self());
    assert_eq!(cost("Discard"), Cost::FREE.and_discard_self());
    assert_eq!(
        cost("無1 フリーズ 廃棄"),
        Cost::colourless(1).and_freeze_self().and_discard_self()
    );
}

#[test]
fn zero_is_free() {
    assert_eq!(cost("0"), Cost::FREE);
    assert_eq!(cost("０"), Cost::FREE);
    assert_eq!(cost(" 0 "), Cost::FREE);
}

// The core's own spelling of a cost parses back to the same cost.
#[test]
fn core_display_round_trips() {
    for s in ["赤1 無X", "黒2 無1 フリーズ 廃棄", "0", "白3 緑2", "青X"] {
        assert_eq!(cost(s).to_string(), s);
        assert_eq!(cost(&cost(s).to_string()), cost(s));
    }
}

#[test]
fn terms_keep_spans() {
    let e = match parse_cost_expr("青2 無X 廃棄") {
        Ok(e) => e,
        Err(e) => panic!("{e}"),
    };
    let spans: Vec<Span> = e.terms.iter().map(|t| t.span).collect();
    assert_eq!(
        spans,
        vec![Span::new(0, 4), Span::new(5, 9), Span::new(10, 16)]
    );
    assert_eq!(
        e.terms[1].kind,
        CostTermKind::Energy {
            colour: None,
            amount: Amount::X
        }
    );
    assert_eq!(e.span, Span::new(0, 16));
}

fn report(inputs: &[&str]) -> String {
    let mut out = String::new();
    for s in inputs {
        let e = err(s);
        let (line, col) = e.line_col(s, 1, 1);
        out.push_str(&format!(
            "input:    {s:?}\nerror:    {e}\nspan:     {} (line {line}, column {col})\nexpected: {:?}\n\n",
            e.span, e.expected
        ));
    }
    out
}

// Syntax errors say what was expected, after which token, and where.
#[test]
fn syntax_errors() {
    insta::assert_snapshot!(
        "cost_syntax_errors",
        report(&[
            "赤2 3", "赤", "無", "2", "", "赤2 ?", "0 赤1", "[無1]", "青 2"
        ])
    );
}

// Semantic errors: repeated parts, two X, too large amounts.
#[test]
fn semantic_errors() {
    insta::assert_snapshot!(
        "cost_semantic_errors",
        report(&[
            "赤2 赤1",
            "赤X 無X",
            "廃棄 廃棄",
            "フリーズ freeze",
            "無100",
            "赤99999999999"
        ])
    );
}

// The example message of issue #4.
#[test]
fn colour_expected_after_number() {
    let e = err("赤2 3");
    assert!(
        e.to_string()
            .starts_with("expected a colour 赤|黒|青|白|緑|無, X"),
        "{e}"
    );
    assert!(e.to_string().ends_with("after '2'"), "{e}");
    assert_eq!(e.span, Span::new(5, 6));
}
