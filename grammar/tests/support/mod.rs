//! Shared helpers of the grammar's game tests: compiled lines on cards, a table of cards
//! built with `dzero_core::Builder`, actions, and a stand-in for the cardpool's Lua resolver.
// Each test crate uses a part of these helpers.
#![allow(dead_code)]

use dzero_core::{
    Action, Builder, CardDb, CardDef, CardId, Characteristics, Colour, DefId, Effect, EffectError,
    Event, Game, Loc, Payment, Phase, Player, Query, Resolve, RuleSet, Square, StaticEffect,
    Targets, Triggered,
};
use dzero_grammar::{CompileCtx, Compiled, DslError, ScriptResolver, Span, compile_text};

use Player::{One, Two};

/// Adds the compiled lines to a definition.
pub fn with_lines(
    mut def: CardDef,
    lines: &[&str],
    scripts: &mut dyn ScriptResolver,
) -> Result<CardDef, DslError> {
    let ctx = CompileCtx::new(def.kind, def.timing);
    for l in lines {
        def = add(def, compile_text(l, &ctx, scripts)?);
    }
    Ok(def)
}

/// Adds one compiled line (and the abilities it grants) to a definition.
fn add(def: CardDef, c: Compiled) -> CardDef {
    match c {
        Compiled::Keyword(k) => def.keywords(k),
        Compiled::Ability(a) => def.ability(a),
        Compiled::Spell(s) => {
            let mut def = def;
            def.spell = Some(s);
            def
        }
        Compiled::Granting(main, grants) => {
            let def = grants
                .into_iter()
                .fold(def, |d, g| d.ability(dzero_core::Ability::Grantable(g)));
            add(def, *main)
        }
    }
}

/// `s` parses, compiles on a card of `kind`, and prints a canonical text that parses to the same.
pub fn compiled_line(s: &str, kind: dzero_core::CardKind) -> dzero_grammar::Line {
    use dzero_grammar::{NoScripts, compile, parse_line};
    let parse = |s: &str| parse_line(s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    let l = parse(s);
    let ctx = CompileCtx::new(kind, dzero_core::Timing::Normal);
    if let Err(e) = compile(&l, &ctx, &mut NoScripts) {
        panic!("{s:?} does not compile: {e}");
    }
    let canonical = l.to_string();
    assert_eq!(parse(&canonical).to_string(), canonical, "{s:?}");
    l
}

/// The first sentence's action of a strategy line.
pub fn first_action(l: &dzero_grammar::Line) -> dzero_grammar::Action {
    match l {
        dzero_grammar::Line::Spell(s) => s.body.steps[0].action.clone(),
        other => panic!("not an effect: {other:?}"),
    }
}

/// Parses `text`, prints it, and parses the print again: the same print (the canonical form).
pub fn round_trip(text: &str) -> String {
    let parse =
        |t: &str| dzero_grammar::parse_line(t).unwrap_or_else(|e| panic!("{t}: {e} at {}", e.span));
    let printed = parse(text).to_string();
    assert_eq!(parse(&printed).to_string(), printed, "{text}");
    printed
}

/// The first ◆ of `card`'s definition.
pub fn first_triggered<'a>(view: &Query<'a>, card: CardId) -> &'a Triggered {
    view.def(card)
        .abilities
        .iter()
        .find_map(|a| match a {
            dzero_core::Ability::Triggered(t) => Some(t),
            _ => None,
        })
        .expect("a ◆")
}

/// A free strategy whose effect draws a card, with `lines` as its text.
pub fn strategy(name: &str, lines: &[&str]) -> CardDef {
    let def = CardDef::strategy(
        name,
        dzero_core::Spell {
            target: None,
            effect: Box::new(draw_one),
        },
    );
    with_lines(def, lines, &mut TestScripts).unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub fn unit(name: &str, power: i32, lines: &[&str]) -> CardDef {
    let def = CardDef::unit(name, power, 1).colour(Colour::Red);
    match with_lines(def, lines, &mut TestScripts) {
        Ok(d) => d,
        Err(e) => panic!("{name}: {e} at {}", e.span),
    }
}

/// A game under construction: the card database, a builder, and a plain filler card.
pub struct Table {
    pub db: CardDb,
    pub b: Builder,
    pub filler: DefId,
}

impl Table {
    pub fn new() -> Table {
        let mut db = CardDb::new();
        let filler = db.add(CardDef::unit("兵士", 1000, 1).colour(Colour::Red));
        let mut b = Builder::new(RuleSet::OFFICIAL, 7).active(One, 3);
        b.fill_deck(One, filler, 10);
        b.fill_deck(Two, filler, 10);
        Table { db, b, filler }
    }

    pub fn def(&mut self, def: CardDef) -> DefId {
        self.db.add(def)
    }

    pub fn add(&mut self, p: Player, def: DefId, loc: Loc) -> CardId {
        self.b.add(p, def, loc)
    }

    pub fn filler_at(&mut self, p: Player, sq: Square) -> CardId {
        self.b.add(p, self.filler, Loc::Square(sq))
    }

    pub fn energy(&mut self, p: Player, n: usize) {
        for _ in 0..n {
            self.b.add(p, self.filler, Loc::Energy);
        }
    }

    pub fn build(self) -> (CardDb, Game) {
        match self.b.build(&self.db, Phase::Main) {
            Ok(g) => (self.db, g),
            Err(e) => panic!("{e}"),
        }
    }
}

pub fn act(g: &mut Game, db: &CardDb, a: Action) {
    if let Err(e) = g.apply(db, a.clone()) {
        panic!("{a:?}: {e}");
    }
}

pub fn pass_both(g: &mut Game, db: &CardDb) {
    act(g, db, Action::Pass);
    act(g, db, Action::Pass);
}

/// The plays and activations the small decisions lead to, as compound actions.
pub fn legal(g: &Game, db: &CardDb) -> Vec<Action> {
    g.completions(db, 10_000)
}

pub fn play(card: CardId, method: Option<u8>, sq: Square) -> Action {
    Action::Play {
        card,
        method,
        square: Some(sq),
        targets: Targets::NONE,
        x: 0,
        cost_cards: dzero_core::CardList::NONE,
        payment: Payment::Auto,
    }
}

/// Plays `card` (a strategy) with these targets, paying automatically.
pub fn cast(card: CardId, targets: &[CardId]) -> Action {
    Action::Play {
        card,
        method: None,
        square: None,
        targets: Targets::of(targets),
        x: 0,
        cost_cards: dzero_core::CardList::NONE,
        payment: Payment::Auto,
    }
}

pub fn activate(card: CardId, ability: u8, cost_cards: &[CardId]) -> Action {
    Action::Activate {
        card,
        ability,
        targets: Targets::NONE,
        cost_cards: dzero_core::CardList::of(cost_cards),
        x: 0,
        payment: Payment::Auto,
    }
}

pub fn loc(g: &Game, c: CardId) -> Option<Loc> {
    g.location(c)
}

pub fn frozen(g: &Game, c: CardId) -> bool {
    g.card_state(c).is_some_and(|s| s.frozen)
}

/// Battle square by row (0 = player One's own area) and column (0 = One's left line).
pub fn sq(row: u8, col: u8) -> Square {
    Square::battle(row, col)
}
// ----------------------------------------------------------------------------------- Lua --

/// Stands in for the cardpool's Lua resolver with Rust bodies.
pub struct TestScripts;

pub fn unknown(name: &str, span: Span) -> DslError {
    DslError::new(span, format!("the script has no function '{name}'"))
}

struct SmashUp;

impl StaticEffect for SmashUp {
    fn characteristics(
        &self,
        _: &Query<'_>,
        me: CardId,
        subject: CardId,
        ch: &mut Characteristics,
    ) {
        if me == subject {
            ch.smash += 1;
        }
    }
}

pub fn draw_one(r: &mut Resolve<'_>) -> Result<(), EffectError> {
    let p = r.controller();
    r.draw(p, 1);
    Ok(())
}

impl ScriptResolver for TestScripts {
    fn effect(&mut self, name: &str, span: Span) -> Result<Box<dyn Effect>, DslError> {
        match name {
            "draw_one" => Ok(Box::new(draw_one)),
            _ => Err(unknown(name, span)),
        }
    }

    fn trigger(&mut self, name: &str, span: Span) -> Result<Triggered, DslError> {
        match name {
            "draw_on_arrival" => Ok(Triggered::new(
                |_: &Query<'_>, me: CardId, e: &Event| matches!(e, Event::Placed { card, .. } if *card == me),
                draw_one,
            )),
            _ => Err(unknown(name, span)),
        }
    }

    fn static_effect(&mut self, name: &str, span: Span) -> Result<Box<dyn StaticEffect>, DslError> {
        match name {
            "smash_up" => Ok(Box::new(SmashUp)),
            _ => Err(unknown(name, span)),
        }
    }
}
