//! Keyword and ability lines (R17): every form parses to the expected AST, with spans, and
//! every error class reads well.

use dzero_core::{Area, Colour, Cost, Line as BoardLine, Timing, XEnergy};
use dzero_grammar::{
    AbilityLine, DslError, EffectSource, FormationKind, Line, Place, ScriptKind, Span, Stat,
    ZoneName, parse_line,
};

fn line(s: &str) -> Line {
    match parse_line(s) {
        Ok(l) => l,
        Err(e) => panic!("{s:?}: {e} at {}", e.span),
    }
}

fn err(s: &str) -> DslError {
    match parse_line(s) {
        Ok(l) => panic!("{s:?} parsed as {l:?}"),
        Err(e) => e,
    }
}

/// The text a span covers.
fn text(s: &str, span: Span) -> &str {
    &s[span.range()]
}

// R17.8, R17.7.
#[test]
fn accel_and_haste() {
    assert_eq!(line("加速"), Line::Accel(Span::new(0, 6)));
    assert_eq!(line("accel"), Line::Accel(Span::new(0, 5)));
    assert_eq!(line("  ACCEL "), Line::Accel(Span::new(2, 7)));
    assert_eq!(line("速攻"), Line::Haste(Span::new(0, 6)));
    assert_eq!(line("haste"), Line::Haste(Span::new(0, 5)));
}

// R17.10, A23: every kind, every dash, Japanese and ASCII.
#[test]
fn formation_summon() {
    let s = "隊列召喚―縦列[無2]";
    let Line::Formation(f) = line(s) else {
        panic!("not a formation")
    };
    assert_eq!(f.kind, FormationKind::Column);
    assert_eq!(text(s, f.kind_span), "縦列");
    assert_eq!(text(s, f.cost.span), "無2");
    assert_eq!(f.cost.cost, Cost::colourless(2));
    assert_eq!(f.span, Span::new(0, s.len()));
    for (s, kind) in [
        ("隊列召喚-横列[C2]", FormationKind::Row),
        ("隊列召喚ー中央［無２］", FormationKind::Centre),
        ("隊列召喚 ― 縦列 [赤1 無1]", FormationKind::Column),
        ("formation-column[C1]", FormationKind::Column),
        ("formation - row [R1]", FormationKind::Row),
        ("formation-centre[0]", FormationKind::Centre),
        ("formation-center[0]", FormationKind::Centre),
    ] {
        let Line::Formation(f) = line(s) else {
            panic!("{s}: not a formation")
        };
        assert_eq!(f.kind, kind, "{s}");
    }
}

// R17.11, A24.
#[test]
fn covenant() {
    let s = "盟約―<「チルノ」+「橙」>[無1]";
    let Line::Covenant(c) = line(s) else {
        panic!("not a covenant")
    };
    assert_eq!(c.a.text, "チルノ");
    assert_eq!(c.b.text, "橙");
    assert_eq!(text(s, c.a.span), "「チルノ」");
    assert_eq!(text(s, c.b.span), "「橙」");
    assert_eq!(c.cost.cost, Cost::colourless(1));
    let Line::Covenant(c) = line("covenant-<\"チルノ\" + \"橙\">[C1 B1]") else {
        panic!("ASCII spelling")
    };
    assert_eq!((c.a.text.as_str(), c.b.text.as_str()), ("チルノ", "橙"));
    assert_eq!(c.cost.cost, Cost::colourless(1).and(Colour::Black, 1));
    let Line::Covenant(c) = line("盟約―＜「魔理沙〈普通の魔法使い〉」＋「霊夢」＞［無X］")
    else {
        panic!("full-width brackets")
    };
    assert_eq!(c.a.text, "魔理沙〈普通の魔法使い〉");
    assert_eq!(c.cost.cost, Cost::FREE.and_x(XEnergy::Colourless));
}

// R17.9: every zone, both spellings.
#[test]
fn zone_effects() {
    for (s, zone) in [
        ("墓地効果『★ パワー+1000』", ZoneName::Graveyard),
        ("プランゾーン効果『◆ lua:peek』", ZoneName::Plan),
        ("手札効果『● [無1]《クイック》 lua:reveal』", ZoneName::Hand),
        ("エネルギーゾーン効果『★ lua:cheap』", ZoneName::Energy),
        ("スマッシュゾーン効果『◆ lua:flip』", ZoneName::Smash),
        ("リムーブゾーン効果『◆ lua:back』", ZoneName::Remove),
        ("墓地ゾーン効果『★ パワー+1000』", ZoneName::Graveyard),
        ("graveyard: ● [C1] <quick> lua:revive", ZoneName::Graveyard),
        ("plan: ◆ lua:peek", ZoneName::Plan),
        ("hand: static lua:x", ZoneName::Hand),
        ("energy: * lua:x", ZoneName::Energy),
        ("smash: trigger lua:x", ZoneName::Smash),
        ("remove: ◆ lua:x", ZoneName::Remove),
    ] {
        let Line::Zone(z) = line(s) else {
            panic!("{s}: not a zone effect")
        };
        assert_eq!(z.zone, zone, "{s}");
        assert_eq!(z.span, Span::new(0, s.len()));
    }
    let s = "墓地効果『★ パワー+1000 (中央エリア)』";
    let Line::Zone(z) = line(s) else {
        panic!("not a zone effect")
    };
    assert_eq!(text(s, z.zone_span), "墓地効果");
    assert_eq!(text(s, z.ability.span()), "★ パワー+1000 (中央エリア)");
}

// ★ modifiers: stat, sign, every area and line, both spellings.
#[test]
fn modifiers() {
    let cases: &[(&str, Stat, i32, Option<Place>)] = &[
        ("★ パワー+1000", Stat::Power, 1000, None),
        (
            "★ パワー+1000 (中央エリア)",
            Stat::Power,
            1000,
            Some(Place::Area(Area::Centre)),
        ),
        (
            "★ パワー-500 (敵軍エリア)",
            Stat::Power,
            -500,
            Some(Place::Area(Area::Enemy)),
        ),
        (
            "★ スマッシュ+1 (敵軍エリア)",
            Stat::Smash,
            1,
            Some(Place::Area(Area::Enemy)),
        ),
        (
            "★ パワー+1000 (左ライン)",
            Stat::Power,
            1000,
            Some(Place::Line(BoardLine::Left)),
        ),
        (
            "★パワー＋１０００（自軍エリア）",
            Stat::Power,
            1000,
            Some(Place::Area(Area::Own)),
        ),
        (
            "パワー−2000 (中央ライン)",
            Stat::Power,
            -2000,
            Some(Place::Line(BoardLine::Centre)),
        ),
        (
            "★ パワー+1000 (右ライン)",
            Stat::Power,
            1000,
            Some(Place::Line(BoardLine::Right)),
        ),
        (
            "★ パワー+1000 (敵陣)",
            Stat::Power,
            1000,
            Some(Place::Area(Area::Enemy)),
        ),
        (
            "power +1000 in centre",
            Stat::Power,
            1000,
            Some(Place::Area(Area::Centre)),
        ),
        (
            "* power -500 in enemy",
            Stat::Power,
            -500,
            Some(Place::Area(Area::Enemy)),
        ),
        (
            "static smash +1 in own",
            Stat::Smash,
            1,
            Some(Place::Area(Area::Own)),
        ),
        (
            "power +1000 in left-line",
            Stat::Power,
            1000,
            Some(Place::Line(BoardLine::Left)),
        ),
        (
            "power +1000 in centre-line",
            Stat::Power,
            1000,
            Some(Place::Line(BoardLine::Centre)),
        ),
        (
            "power +1000 in right-line",
            Stat::Power,
            1000,
            Some(Place::Line(BoardLine::Right)),
        ),
        (
            "power +1000 (center-area)",
            Stat::Power,
            1000,
            Some(Place::Area(Area::Centre)),
        ),
        ("SMASH+2", Stat::Smash, 2, None),
    ];
    for (s, stat, delta, place) in cases {
        let Line::Ability(AbilityLine::Modifier(m)) = line(s) else {
            panic!("{s}: not a modifier")
        };
        assert_eq!(
            (m.stat, m.delta, m.condition.map(|c| c.place)),
            (*stat, *delta, *place),
            "{s}"
        );
    }
    let s = "★ パワー-500 (敵軍エリア)";
    let Line::Ability(AbilityLine::Modifier(m)) = line(s) else {
        panic!("not a modifier")
    };
    assert_eq!(text(s, m.delta_span), "-500");
    assert_eq!(m.condition.map(|c| text(s, c.span)), Some("(敵軍エリア)"));
}

// ● [cost]《timing》 lua:name (R17.3).
#[test]
fn activated_abilities() {
    let s = "● [無1 フリーズ]《クイック》 lua:draw_one";
    let Line::Ability(AbilityLine::Activated(a)) = line(s) else {
        panic!("not activated")
    };
    assert_eq!(a.cost.cost, Cost::colourless(1).and_freeze_self());
    assert_eq!(a.timing, Timing::Quick);
    assert_eq!(text(s, a.timing_span), "《クイック》");
    let EffectSource::Lua(lua) = &a.effect else {
        panic!("{:?}", a.effect)
    };
    assert_eq!(lua.name, "draw_one");
    assert_eq!(text(s, lua.span), "lua:draw_one");
    for (s, timing) in [
        ("●[赤1]《ノーマル》lua:a", Timing::Normal),
        ("● [廃棄]《バトル》 lua:b", Timing::Battle),
        ("activated [R1] <<battle>> lua:c", Timing::Battle),
        ("[C2] <normal> lua:d", Timing::Normal),
        ("● ［無２］≪クイック≫ lua：e", Timing::Quick),
    ] {
        let Line::Ability(AbilityLine::Activated(a)) = line(s) else {
            panic!("{s}: not activated")
        };
        assert_eq!(a.timing, timing, "{s}");
    }
}

// ★ lua:name and ◆ lua:name.
#[test]
fn scripted_abilities() {
    for (s, kind, name) in [
        ("★ lua:aura", ScriptKind::Static, "aura"),
        ("* lua:aura2", ScriptKind::Static, "aura2"),
        ("static lua:_x", ScriptKind::Static, "_x"),
        ("◆ lua:on_play", ScriptKind::Triggered, "on_play"),
        ("trigger LUA:when_hit", ScriptKind::Triggered, "when_hit"),
    ] {
        let Line::Ability(AbilityLine::Scripted(a)) = line(s) else {
            panic!("{s}: not scripted")
        };
        assert_eq!((a.kind, a.script.name.as_str()), (kind, name), "{s}");
    }
}

// Display gives the canonical Japanese spelling, which parses to the same line.
#[test]
fn canonical_spelling() {
    for (s, canonical) in [
        ("accel", "加速"),
        ("haste", "速攻"),
        ("formation-row[C2 R1]", "隊列召喚―横列[赤1 無2]"),
        ("covenant-<\"A\"+\"B\">[0]", "盟約―<「A」+「B」>[0]"),
        ("graveyard: power +1000", "墓地効果『★ パワー+1000』"),
        ("power -500 in left-line", "★ パワー-500 (左ライン)"),
        (
            "activated [UX freeze] <battle> lua:f",
            "● [青X フリーズ]《バトル》 lua:f",
        ),
        ("trigger lua:t", "◆ lua:t"),
    ] {
        let l = line(s);
        assert_eq!(l.to_string(), canonical, "{s}");
        assert_eq!(line(canonical).to_string(), canonical);
    }
}

fn report(inputs: &[&str]) -> String {
    let mut out = String::new();
    for s in inputs {
        let e = err(s);
        let (line, col) = e.line_col(s, 1, 1);
        out.push_str(&format!(
            "input:    {s:?}\nerror:    {e}\nspan:     {} {:?} (line {line}, column {col})\nexpected: {:?}\n\n",
            e.span,
            text(s, e.span),
            e.expected
        ));
    }
    out
}

#[test]
fn keyword_errors() {
    insta::assert_snapshot!(
        "keyword_errors",
        report(&[
            "",
            "ほげ",
            "加速 速攻",
            "accelerate",
            "隊列召喚―縦列",
            "隊列召喚 縦列[無2]",
            "隊列召喚―縦列[",
            "隊列召喚―縦列[無2",
            "盟約―<「チルノ」+>[無1]",
            "盟約―<「チルノ」「橙」>[無1]",
            "盟約―<「チルノ」+「橙」[無1]",
            "盟約―<「チルノ+「橙」>[無1]",
            "盟約―<「」+「橙」>[無1]",
            "墓地効果『★ パワー+1000",
            "墓地効果『』",
            "墓地効果 ★ パワー+1000",
        ])
    );
}

#[test]
fn unknown_formation_kind() {
    let s = "隊列召喚―斜列[無2]";
    let e = err(s);
    assert_eq!(
        e.to_string(),
        "unknown 隊列召喚 kind '斜列'; known kinds: 縦列 (column), 横列 (row), 中央 (centre)"
    );
    assert_eq!(text(s, e.span), "斜列");
    assert_eq!(e.expected, vec!["縦列", "横列", "中央"]);
    insta::assert_snapshot!(
        "unknown_formation_kind",
        report(&[s, "formation-diagonal[C1]"])
    );
}

#[test]
fn ability_errors() {
    insta::assert_snapshot!(
        "ability_errors",
        report(&[
            "★",
            "★ foo",
            "★ パワー",
            "★ パワー1000",
            "★ パワー+ (中央エリア)",
            "★ パワー+1000 (中央エリ)",
            "★ パワー+1000 (中央エリア",
            "★ パワー+1000 (中央エリア)x",
            "★ パワー+99999999",
            "★ スマッシュ+100",
            "power +1000 incentre",
            "● [無1]《クイック》",
            "● [無1]《速い》 lua:x",
            "● [無1] lua:x",
            "●《クイック》 lua:x",
            "● [無1 無2]《クイック》 lua:x",
            "◆ lua:",
            "◆ lua:1abc",
            "◆ lua:a-b",
        ])
    );
}

// Spans map to the TOML file: the cardpool passes where the text starts.
#[test]
fn error_positions_in_a_file() {
    let file =
        "[[card]]\nname = \"盟約の獣\"\nkeywords = [\"加速\", \"盟約―<「チルノ」+「橙」>[無]\"]\n";
    let s = "盟約―<「チルノ」+「橙」>[無]";
    let offset = match file.find(s) {
        Some(o) => o,
        None => panic!("text not in file"),
    };
    let e = err(s);
    assert_eq!(e.to_string(), "expected a number or X after '無'");
    // Line 3: `keywords = ["加速", "` is 19 characters and the text starts in column 20; the
    // error (the `]` after 無) follows 16 characters of the text.
    assert_eq!(e.locate(file, offset), (3, 36));
    assert_eq!(e.line_col(s, 3, 20), (3, 36));
    assert_eq!(&file[e.span.shifted(offset).range()], "]");
}
