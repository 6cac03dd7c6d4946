//! The bundled card sets (`cardpool/sets/`): they validate clean, their deck lists start legal
//! games that random players finish without effect errors, and the rulebooks' worked examples
//! (rules-reference.md §20) and keyword rules run against the sets' own cards, looked up by name.

use dzero_cardpool::{CardSet, Deck, load_set, validate};
use dzero_core::{
    Action, ActionError, Builder, CardId, Colour, DefId, Game, Loc, Payment, Phase, Player,
    Player::*, Targets, Zone,
};
use dzero_tests::sq;
use std::path::PathBuf;

fn sets_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../cardpool/sets"))
}

/// Loads a bundled set; any problem fails the test with the rendered diagnostics.
fn load(id: &str) -> CardSet {
    let loaded = load_set(&sets_dir().join(id));
    let rendered: Vec<String> = loaded.problems.iter().map(|p| p.render()).collect();
    assert!(rendered.is_empty(), "{id}:\n{}", rendered.join("\n"));
    loaded.set.expect("the set loads")
}

fn d0() -> CardSet {
    load("d0-sample")
}

fn touhou() -> CardSet {
    load("touhou-sample")
}

// ---------------------------------------------------------------------------------------------
// (1) Validation

#[test]
fn bundled_sets_validate_clean() {
    let report = validate(&[sets_dir()]);
    let rendered: Vec<String> = report.problems.iter().map(|p| p.render()).collect();
    assert!(rendered.is_empty(), "{}", rendered.join("\n"));
    let names: Vec<String> = report
        .sets
        .iter()
        .filter_map(|s| s.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    assert!(names.contains(&"d0-sample".to_owned()), "{names:?}");
    assert!(names.contains(&"touhou-sample".to_owned()), "{names:?}");
    assert!(report.decks >= 4);
}

/// The cards each rulebook names are in its set, and invented cards are marked.
/// Every set, card and scenario file of the bundled sets names its JSON Schema in a `#:schema`
/// first line (`dzero schema SET` adds the missing ones).
#[test]
fn every_bundled_file_has_its_schema_line() {
    for id in ["d0-sample", "touhou-sample"] {
        let set = sets_dir().join(id);
        let mut files = vec![set.join("set.toml")];
        files.extend(
            std::fs::read_dir(set.join("cards"))
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "toml")),
        );
        files.extend(dzero_cardpool::layout::scenario_files(
            std::slice::from_ref(&set),
        ));
        assert!(files.len() > 20, "{id}");
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            assert!(
                dzero_cardpool::schema_lines::has_schema_line(&text),
                "{} has no #:schema line: run `dzero schema cardpool/sets/{id}`",
                f.display()
            );
        }
    }
}

#[test]
fn every_named_card_is_bundled() {
    let d0 = d0();
    for name in [
        "シングルモルト",
        "プラズマ・ライフル",
        "ダイヤモンド・ソウル",
        "バトルフィールド・エンジェル",
        "狼王ロボ",
        "自走戦鬼大砲蜘蛛",
        "ルビーソウル",
        "ヒュドラランチャー",
        "聖騎士ホーリー・フレイル",
        "ロマネ・コンティ",
        "小さなカマキリ",
        "レイディ・ラスト",
        "スパイク・ガールズ",
        "細波の入江の魔女",
        "ソーサーレッグ・ペガサス",
        "変炎獣ゲルボックル",
        "大陸アルドのダークエルフ",
        "ホラーハウス・ランド",
        "天使たちの決意",
        "料理長コック・ハワード",
        "妖魔の勇者",
    ] {
        assert!(d0.db.find(name).is_some(), "d0-sample lacks {name}");
    }
    let th = touhou();
    for name in [
        "チルノ",
        "チルノ〈氷の小さな妖精〉",
        "橙",
        "魂魄 妖夢",
        "白玉楼",
        "紅符「スカーレット・シュート」",
        "寒符「リンガリングコールド」",
        "奇術「ミスディレクション」",
        "迷い家",
        "博麗 霊夢",
        "西行寺 幽々子",
        "幽々子&妖夢",
        "十六夜 咲夜",
        "大妖精",
        "博麗神社",
        "八雲 紫",
        "プリズムリバー三姉妹",
    ] {
        assert!(th.db.find(name).is_some(), "touhou-sample lacks {name}");
    }
    // Wholly invented cards live in cards/invented.toml and cards/invented_TOPIC.toml.
    for set in [&d0, &th] {
        let mut cards = 0;
        for entry in std::fs::read_dir(set.dir.join("cards")).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.starts_with("invented") && name.ends_with(".toml") {
                let text = std::fs::read_to_string(&path).unwrap();
                let n = text.matches("[[card]]").count();
                assert_eq!(n, text.matches("invented = true").count(), "{path:?}");
                cards += n;
            }
        }
        assert!(cards > 0);
    }
}

// ---------------------------------------------------------------------------------------------
// (2) Deck lists and random games

fn deck<'a>(set: &'a CardSet, name: &str) -> &'a Deck {
    set.decks
        .iter()
        .find(|d| d.name == name)
        .unwrap_or_else(|| panic!("{}: no deck {name}", set.id))
}

/// Plays one seeded game between two decks with random players (card conservation checked
/// after every action); the game must end.
fn random_game(set: &CardSet, decks: [&Deck; 2], seed: u64) -> Result<Game, String> {
    let decks = [decks[0].cards.as_slice(), decks[1].cards.as_slice()];
    dzero_sim::play_random(
        &set.db,
        set.rules,
        decks,
        seed,
        dzero_sim::PlayOptions::default(),
    )
    .map(|out| out.game)
    .map_err(|e| format!("seed {seed}: {e}"))
}

fn random_games(set: &CardSet, games: u64) {
    assert_eq!(set.decks.len(), 2, "{}: two deck lists", set.id);
    let (a, b) = (&set.decks[0], &set.decks[1]);
    for seed in 0..games {
        let decks = if seed % 2 == 0 { [a, b] } else { [b, a] };
        let g = random_game(set, decks, seed).unwrap_or_else(|e| panic!("{}: {e}", set.id));
        assert!(g.result().is_some());
        assert!(
            g.effect_errors().is_empty(),
            "{} seed {seed}: effect errors {:?}",
            set.id,
            g.effect_errors()
        );
        let script_errors = set.host.errors();
        assert!(
            script_errors.is_empty(),
            "{} seed {seed}: script errors:\n{}",
            set.id,
            script_errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

#[test]
fn deck_lists_start_legal_games() {
    for set in [d0(), touhou()] {
        assert_eq!(set.decks.len(), 2, "{}", set.id);
        for d in &set.decks {
            assert_eq!(d.cards.len(), 40, "{} {}", set.id, d.name);
            Game::new(&set.db, set.rules, [&d.cards, &d.cards], 1)
                .unwrap_or_else(|e| panic!("{} {}: {e}", set.id, d.name));
        }
        // The two decks are in different colours.
        let colours = |d: &Deck| {
            d.cards
                .iter()
                .filter_map(|&c| set.db.get(c))
                .fold(dzero_core::Colours::NONE, |acc, def| {
                    def.colours.iter().fold(acc, |a, c| a.with(c))
                })
        };
        assert_ne!(colours(&set.decks[0]), colours(&set.decks[1]), "{}", set.id);
    }
    let d0 = d0();
    deck(&d0, "赤緑");
    deck(&d0, "黒白");
    let th = touhou();
    deck(&th, "紅白");
    deck(&th, "黒青");
}

#[test]
fn d0_sample_random_games_finish_cleanly() {
    random_games(&d0(), 300);
}

#[test]
fn touhou_sample_random_games_finish_cleanly() {
    random_games(&touhou(), 300);
}

// ---------------------------------------------------------------------------------------------
// A judge's bench over a loaded set

/// Declares a position with the set's cards: One active on turn 3, main phase.
struct Bench<'s> {
    set: &'s CardSet,
    b: Builder,
    deck_set: [bool; 2],
}

impl<'s> Bench<'s> {
    fn new(set: &'s CardSet) -> Bench<'s> {
        Bench {
            set,
            b: Builder::new(set.rules, 7).active(One, 3),
            deck_set: [false; 2],
        }
    }

    fn id(&self, name: &str) -> DefId {
        self.set
            .db
            .find(name)
            .unwrap_or_else(|| panic!("{} has no card {name}", self.set.id))
    }

    fn add(&mut self, p: Player, name: &str, loc: Loc) -> CardId {
        if loc == Loc::Deck {
            self.deck_set[p.index()] = true;
        }
        let d = self.id(name);
        self.b.add(p, d, loc)
    }

    fn unit(&mut self, p: Player, name: &str, square: &str) -> CardId {
        self.add(p, name, Loc::Square(sq(square)))
    }

    fn hand(&mut self, p: Player, name: &str) -> CardId {
        self.add(p, name, Loc::Hand)
    }

    /// Puts the card on top of `p`'s deck as the plan card (R9.2); the deck still gets fillers
    /// below it.
    fn plan(&mut self, p: Player, name: &str) -> CardId {
        let d = self.id(name);
        let c = self.b.add(p, d, Loc::Deck);
        self.b.plan(p);
        c
    }

    /// A card of the set with exactly this colour, preferring one without abilities.
    fn energy_card(&self, c: Colour) -> Option<DefId> {
        let mono = || {
            self.set.cards.iter().map(|s| s.def).filter(move |&d| {
                self.set
                    .db
                    .get(d)
                    .is_some_and(|def| def.colours == dzero_core::Colours::of(c))
            })
        };
        mono()
            .find(|&d| {
                self.set
                    .db
                    .get(d)
                    .is_some_and(|def| def.abilities.is_empty())
            })
            .or_else(|| mono().next())
    }

    /// Five released energy cards of every colour the set has.
    fn rich(&mut self, p: Player) -> &mut Self {
        for c in Colour::ALL {
            if let Some(d) = self.energy_card(c) {
                for _ in 0..5 {
                    self.b.add(p, d, Loc::Energy);
                }
            }
        }
        self
    }

    /// `n` energy cards of one colour.
    fn energy(&mut self, p: Player, c: Colour, n: usize) {
        let d = self.energy_card(c).expect("a card of that colour");
        for _ in 0..n {
            self.b.add(p, d, Loc::Energy);
        }
    }

    /// Starts in the main phase, strict; decks not set get 20 filler cards (the set's first
    /// card without abilities).
    fn build(mut self) -> Table<'s> {
        let filler = self
            .set
            .cards
            .iter()
            .map(|s| s.def)
            .find(|&d| {
                self.set
                    .db
                    .get(d)
                    .is_some_and(|def| def.abilities.is_empty() && def.spell.is_none())
            })
            .expect("a vanilla card");
        for p in Player::BOTH {
            if !self.deck_set[p.index()] {
                self.b.fill_deck(p, filler, 20);
            }
        }
        let mut game = self
            .b
            .build(&self.set.db, Phase::Main)
            .expect("the position builds");
        game.set_strict(true);
        let _ = self.set.host.take_errors();
        Table {
            set: self.set,
            t: dzero_tests::Table {
                db: self.set.db.clone(),
                game,
            },
        }
    }
}

/// A game in progress over a set: the harness table (act, play, mv, pass, power, …) plus
/// helpers that need the set; helpers panic with the engine's reason.
struct Table<'s> {
    set: &'s CardSet,
    t: dzero_tests::Table,
}

impl std::ops::Deref for Table<'_> {
    type Target = dzero_tests::Table;
    fn deref(&self) -> &dzero_tests::Table {
        &self.t
    }
}

impl std::ops::DerefMut for Table<'_> {
    fn deref_mut(&mut self) -> &mut dzero_tests::Table {
        &mut self.t
    }
}

impl Table<'_> {
    fn play_by(&mut self, card: CardId, method: u8, square: &str) {
        self.act(Action::Play {
            card,
            method: Some(method),
            square: Some(sq(square)),
            targets: Targets::of(&[]),
            x: 0,
            cost_cards: dzero_core::CardList::NONE,
            payment: Payment::Auto,
        });
    }

    fn try_play(&mut self, card: CardId, square: Option<&str>, targets: &[CardId]) -> bool {
        self.try_act(dzero_tests::Table::play_action(card, square, targets))
            .is_ok()
    }

    fn activate(&mut self, card: CardId, ability: u8, targets: &[CardId], cost_cards: &[CardId]) {
        self.act(Action::Activate {
            card,
            ability,
            targets: Targets::of(targets),
            cost_cards: dzero_core::CardList::of(cost_cards),
            x: 0,
            payment: Payment::Auto,
        });
    }

    /// Answers a yes/no choice.
    fn answer(&mut self, yes: bool) {
        let c = self.game.choice().expect("a pending choice");
        let i = c
            .options
            .iter()
            .position(|o| {
                matches!(o, dzero_core::ChoiceOption::Label(l)
                    if l.to_lowercase().starts_with(if yes { "y" } else { "n" }) || l == if yes { "はい" } else { "いいえ" })
            })
            .unwrap_or_else(|| panic!("no yes/no among {:?}", c.options));
        self.act(Action::Choose(i as u16));
    }

    /// No script error was logged and no effect failed.
    fn clean(&self) {
        let errors = self.set.host.errors();
        assert!(errors.is_empty(), "script errors: {errors:?}");
        assert!(
            self.game.effect_errors().is_empty(),
            "{:?}",
            self.game.effect_errors()
        );
    }
}

/// The index of a card's first ● ability.
fn activated_index(set: &CardSet, name: &str) -> u8 {
    let def = set.db.get(set.db.find(name).unwrap()).unwrap();
    def.abilities
        .iter()
        .position(|a| matches!(a, dzero_core::Ability::Activated(_)))
        .unwrap_or_else(|| panic!("{name} has no ● ability")) as u8
}

// ---------------------------------------------------------------------------------------------
// (3) Rulebook worked examples with the bundled cards (R20.10 and R20.11 are touhou-sample's
// tests/rulebook/ scenarios, with its own cards; rulebook_sources.rs plays the fixture set's
// examples with every card source, and those naming only d0-sample cards, R20.1–R20.5 among
// them, with d0-sample's)

/// R20.11 control: without ミスディレクション, リンガリングコールド destroys Cirno (use cost 1 ≤ 2)
/// and the move does nothing.
#[test]
fn r20_11_control_lingering_cold_destroys_cheap_unit() {
    let set = touhou();
    let mut s = Bench::new(&set);
    let cirno = s.unit(One, "チルノ", "b1");
    let chen = s.unit(Two, "橙", "b2");
    let cold = s.hand(Two, "寒符「リンガリングコールド」");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();
    t.mv(cirno, "b2");
    t.pass();
    t.play(cold, None, &[cirno]);
    t.pass_both();
    assert_eq!(t.loc(cirno), Loc::Graveyard);
    t.pass_until(|t| t.game.stack().is_empty());
    assert!(!t.in_battle());
    assert_eq!(t.loc(chen), Loc::Square(sq("b2")));
    t.clean();
}

/// R20.18: 迷い家's graveyard ● puts it into a base square chosen on resolution; with every
/// base square taken by then, nothing happens.
#[test]
fn r20_18_mayohiga_square_chosen_on_resolution() {
    for full in [false, true] {
        let set = touhou();
        let mut s = Bench::new(&set);
        let mayohiga = s.add(One, "迷い家", Loc::Graveyard);
        s.unit(One, "白玉楼", "P1-base1");
        s.unit(One, "博麗神社", "P1-base2");
        let third = s.hand(One, "白玉楼");
        s.rich(One);
        let mut t = s.build();
        t.activate(mayohiga, activated_index(&set, "迷い家"), &[], &[]);
        if full {
            // In response, the last base square is filled.
            t.play(third, Some("P1-base3"), &[]);
            t.pass_both();
            assert_eq!(t.loc(third), Loc::Square(sq("P1-base3")));
        }
        t.pass_both();
        if full {
            assert_eq!(t.loc(mayohiga), Loc::Graveyard);
        } else {
            // The only free square is chosen (the choice is asked on resolution).
            if t.game.choice().is_some() {
                t.choose(dzero_core::ChoiceOption::Square(sq("P1-base3")));
            }
            assert_eq!(t.loc(mayohiga), Loc::Square(sq("P1-base3")));
        }
        t.clean();
    }
}

/// R20.20: レイディ・ラスト costs 黒3 無5 to play and 黒1 無2 to move; it smashes 2 from the
/// centre area and 3 from the enemy area.
#[test]
fn r20_20_lady_last_costs_and_smash() {
    let set = d0();
    let def = set
        .db
        .get(set.db.find("レイディ・ラスト").unwrap())
        .unwrap();
    assert_eq!(def.cost.to_string(), "黒3 無5");
    assert_eq!(def.move_cost.unwrap().to_string(), "黒1 無2");
    assert_eq!(def.smash, 2);
    // Not enough black energy: it cannot be played.
    let mut s = Bench::new(&set);
    let lady = s.hand(One, "レイディ・ラスト");
    s.energy(One, Colour::Black, 2);
    s.energy(One, Colour::White, 6);
    let mut t = s.build();
    assert!(!t.try_play(lady, Some("a1"), &[]));
    let mut s = Bench::new(&set);
    let lady = s.hand(One, "レイディ・ラスト");
    s.energy(One, Colour::Black, 3);
    s.energy(One, Colour::White, 5);
    let mut t = s.build();
    assert!(t.try_play(lady, Some("a1"), &[]));
    t.clean();
}

/// R20.21: a frozen 博麗 霊夢 in the energy zone pays one point of 赤 or 白, never both.
#[test]
fn r20_21_multicolour_energy_pays_one_colour() {
    let set = touhou();
    // 大妖精 costs 白1: one 霊夢 pays it.
    let mut s = Bench::new(&set);
    s.add(One, "博麗 霊夢", Loc::Energy);
    let fairy = s.hand(One, "大妖精");
    let mut t = s.build();
    assert!(t.try_play(fairy, Some("a1"), &[]));
    // 毛玉 costs 赤1: one 霊夢 pays it too.
    let mut s = Bench::new(&set);
    s.add(One, "博麗 霊夢", Loc::Energy);
    let fuzz = s.hand(One, "毛玉");
    let mut t = s.build();
    assert!(t.try_play(fuzz, Some("a1"), &[]));
    // 霊符「夢想封印」 costs 赤1 白1 無1: one 霊夢 and two other cards are not enough for both colours.
    let mut s = Bench::new(&set);
    s.add(One, "博麗 霊夢", Loc::Energy);
    s.energy(One, Colour::Black, 2);
    let seal = s.hand(One, "霊符「夢想封印」");
    let foe = s.unit(Two, "チルノ", "b2");
    let mut t = s.build();
    assert!(!t.try_play(seal, None, &[foe]));
    // Two 霊夢 and a third card are.
    let mut s = Bench::new(&set);
    s.add(One, "博麗 霊夢", Loc::Energy);
    s.add(One, "博麗 霊夢", Loc::Energy);
    s.energy(One, Colour::Black, 1);
    let seal = s.hand(One, "霊符「夢想封印」");
    let foe = s.unit(Two, "チルノ", "b2");
    let mut t = s.build();
    assert!(t.try_play(seal, None, &[foe]));
    t.clean();
}

/// R20.22: 「チルノ〈氷の小さな妖精〉」 is a different card for deck building (3 + 3 allowed) and
/// plays as 「チルノ」, so the 盟約 of 「チルノ&橙」 accepts it.
#[test]
fn r20_22_angle_bracket_names() {
    let set = touhou();
    let plain = set.db.find("チルノ").unwrap();
    let fairy = set.db.find("チルノ〈氷の小さな妖精〉").unwrap();
    let filler = set.db.find("大妖精").unwrap();
    let mut cards = vec![plain; 3];
    cards.extend([fairy; 3]);
    for name in [
        "毛玉",
        "妖精メイド",
        "紅 美鈴",
        "小悪魔",
        "リリーホワイト",
        "十六夜 咲夜",
        "博麗 霊夢",
        "怨霊",
        "橙",
        "魂魄 妖夢",
        "奇術「ミスディレクション」",
    ] {
        cards.extend([set.db.find(name).unwrap(); 3]);
    }
    cards.push(filler);
    assert_eq!(cards.len(), 40);
    dzero_core::check_deck(&set.db, &set.rules, One, &cards).expect("3 + 3 チルノ are legal");
    cards.pop();
    cards.push(plain);
    assert!(dzero_core::check_deck(&set.db, &set.rules, One, &cards).is_err());

    // 盟約―<「チルノ」+「橙」>[無1] paid with 「チルノ〈氷の小さな妖精〉」.
    let mut s = Bench::new(&set);
    let pact = s.hand(One, "チルノ&橙");
    let cirno = s.hand(One, "チルノ〈氷の小さな妖精〉");
    let chen = s.add(One, "橙", Loc::Graveyard);
    s.rich(One);
    let mut t = s.build();
    t.activate(
        pact,
        activated_index(&set, "チルノ&橙"),
        &[],
        &[cirno, chen],
    );
    assert_eq!(t.loc(cirno), Loc::Remove);
    assert_eq!(t.loc(chen), Loc::Remove);
    t.pass_both();
    if t.game.choice().is_some() {
        t.choose(dzero_core::ChoiceOption::Square(sq("a1")));
    }
    assert_eq!(t.loc(pact), Loc::Square(sq("a1")));
    assert!(t.frozen(pact), "盟約 puts the card frozen");
    t.clean();
}

// ---------------------------------------------------------------------------------------------
// Keywords and other rules, with the bundled cards

/// 隊列召喚―縦列 (DSL ☆): with a card of yours in the own-area square of a line, the unit may
/// be played into that line's centre-area square for the formation cost, and RE7 spares it.
#[test]
fn formation_summon_into_the_centre() {
    let set = touhou();
    let mut s = Bench::new(&set);
    s.unit(One, "大妖精", "a1");
    let maid = s.hand(One, "妖精メイド");
    s.energy(One, Colour::White, 1);
    let mut t = s.build();
    assert!(
        !t.try_play(maid, Some("a2"), &[]),
        "the normal use cost 白1 無1 is not affordable"
    );
    t.play_by(maid, 0, "a2");
    t.pass_both();
    assert_eq!(t.loc(maid), Loc::Square(sq("a2")), "not destroyed by RE7");
    assert!(t.frozen(maid));
    t.clean();

    // 料理長コック・ハワード, the D0 隊列召喚 example.
    let set = d0();
    let mut s = Bench::new(&set);
    s.unit(One, "バトルフィールド・エンジェル", "c1");
    let cook = s.hand(One, "料理長コック・ハワード");
    s.rich(One);
    let mut t = s.build();
    t.play_by(cook, 0, "c2");
    t.pass_both();
    assert_eq!(t.loc(cook), Loc::Square(sq("c2")));
    t.clean();
}

/// R9.6, R17.4: the plan card is played as from the hand, and ☆ works outside the squares, so
/// 隊列召喚 works on the plan card: 妖精メイド on the plan zone is played by 隊列召喚―縦列 for
/// 白1 into a2 while 大妖精 holds a1, and not into b2, whose line holds no card of P1's.
#[test]
fn formation_summon_from_the_plan_zone() {
    let set = touhou();
    let mut s = Bench::new(&set);
    s.unit(One, "大妖精", "a1");
    let maid = s.plan(One, "妖精メイド");
    s.energy(One, Colour::White, 1);
    let mut t = s.build();
    assert_eq!(t.game.plan_card(One), Some(maid));
    assert!(
        !t.try_play(maid, Some("a2"), &[]),
        "the normal use cost 白1 無1 is not affordable"
    );
    let b2 = t.try_act(Action::Play {
        card: maid,
        method: Some(0),
        square: Some(sq("b2")),
        targets: Targets::of(&[]),
        x: 0,
        cost_cards: dzero_core::CardList::NONE,
        payment: Payment::Auto,
    });
    assert!(
        matches!(b2, Err(ActionError::Square(_))),
        "b1 holds no card of P1's, so b2 is no formation square: {b2:?}"
    );
    t.play_by(maid, 0, "a2");
    assert_eq!(
        t.game.plan_card(One),
        None,
        "the plan card has left the plan zone"
    );
    t.pass_both();
    assert_eq!(t.loc(maid), Loc::Square(sq("a2")), "not destroyed by RE7");
    t.clean();
}

/// R9.6, R17.10: without the formation (no card of P1's in the own-area squares) the plan
/// card's 隊列召喚 has no square, and the plan card stays where it is.
#[test]
fn formation_summon_from_the_plan_zone_needs_the_formation() {
    let set = touhou();
    let mut s = Bench::new(&set);
    let maid = s.plan(One, "妖精メイド");
    s.rich(One);
    let mut t = s.build();
    for square in ["a2", "b2", "c2"] {
        let r = t.try_act(Action::Play {
            card: maid,
            method: Some(0),
            square: Some(sq(square)),
            targets: Targets::of(&[]),
            x: 0,
            cost_cards: dzero_core::CardList::NONE,
            payment: Payment::Auto,
        });
        assert!(
            matches!(r, Err(ActionError::Square(_))),
            "{square} is no formation square: {r:?}"
        );
    }
    assert_eq!(t.game.plan_card(One), Some(maid));
    t.clean();
}

/// R9.6: the plan card is played at normal timing only, whatever its printed timing and by a ☆
/// method too. 妖精メイド is quick: from the hand it is played by 隊列召喚 in response, but
/// from the plan zone not while the stack holds anything; once the stack is empty it is.
#[test]
fn formation_summon_from_the_plan_zone_is_at_normal_timing() {
    let set = touhou();
    let mut s = Bench::new(&set);
    for square in ["a1", "b1", "c1"] {
        s.unit(One, "大妖精", square);
    }
    let maid = s.plan(One, "妖精メイド");
    let first = s.hand(One, "妖精メイド");
    let response = s.hand(One, "妖精メイド");
    s.energy(One, Colour::White, 3);
    let mut t = s.build();
    t.play_by(first, 0, "b2");
    assert_eq!(t.priority(), Some(One));
    let from_plan = t.try_act(Action::Play {
        card: maid,
        method: Some(0),
        square: Some(sq("a2")),
        targets: Targets::of(&[]),
        x: 0,
        cost_cards: dzero_core::CardList::NONE,
        payment: Payment::Auto,
    });
    assert!(
        matches!(from_plan, Err(ActionError::Timing(_))),
        "the plan card is not played in response: {from_plan:?}"
    );
    t.play_by(response, 0, "a2");
    assert_eq!(
        t.stack(),
        vec![Some(first), Some(response)],
        "from the hand the quick maid is played in response"
    );
    t.pass_both();
    t.pass_both();
    assert_eq!(t.loc(first), Loc::Square(sq("b2")));
    assert_eq!(t.loc(response), Loc::Square(sq("a2")));
    t.play_by(maid, 0, "c2");
    t.pass_both();
    assert_eq!(
        t.loc(maid),
        Loc::Square(sq("c2")),
        "at normal timing it is played"
    );
    t.clean();
}

/// 速攻 (DSL): a played 速攻 unit arrives released; 加速 (DSL): it deals damage in step 1.
#[test]
fn haste_and_accel() {
    let set = touhou();
    let mut s = Bench::new(&set);
    let fairy = s.hand(One, "チルノ〈氷の小さな妖精〉");
    let plain = s.hand(One, "チルノ");
    s.rich(One);
    let mut t = s.build();
    t.play(fairy, Some("a1"), &[]);
    t.pass_both();
    assert!(!t.frozen(fairy), "速攻");
    t.play(plain, Some("b1"), &[]);
    t.pass_both();
    assert!(t.frozen(plain));
    t.clean();

    // 紅 美鈴 (4000, 加速) kills チルノ (1500) in the first battle step and takes no damage.
    let mut s = Bench::new(&set);
    let meiling = s.unit(One, "紅 美鈴", "b1");
    let cirno = s.unit(Two, "チルノ", "b2");
    s.rich(One);
    let mut t = s.build();
    t.mv(meiling, "b2");
    t.pass_both();
    assert!(t.in_battle());
    t.pass_until(|t| t.damage_item_on_stack());
    assert_eq!(
        t.game.battle().map(|b| b.step),
        Some(dzero_core::BattleStep::First)
    );
    t.pass_both();
    assert_eq!(t.loc(cirno), Loc::Graveyard);
    t.pass_until(|t| !t.in_battle());
    assert_eq!(t.damage(meiling), 0);
    t.clean();
}

/// 幽々子&妖夢's ● works only as the plan card: it removes a 西行寺 幽々子 and a 魂魄 妖夢 of
/// yours and puts the card frozen into your own area.
#[test]
fn yuyuko_and_youmu_covenant_from_the_plan_zone() {
    let set = touhou();
    let mut s = Bench::new(&set);
    let filler = s.id("大妖精");
    s.b.fill_deck(One, filler, 10);
    let pair = s.add(One, "幽々子&妖夢", Loc::Deck);
    s.b.plan(One);
    let yuyuko = s.hand(One, "西行寺 幽々子");
    let youmu = s.unit(One, "魂魄 妖夢", "c1");
    s.rich(One);
    let mut t = s.build();
    assert_eq!(t.game.plan_card(One), Some(pair));
    t.activate(
        pair,
        activated_index(&set, "幽々子&妖夢"),
        &[],
        &[yuyuko, youmu],
    );
    assert_eq!(t.loc(yuyuko), Loc::Remove);
    assert_eq!(t.loc(youmu), Loc::Remove);
    t.pass_both();
    if t.game.choice().is_some() {
        t.choose(dzero_core::ChoiceOption::Square(sq("b1")));
    }
    assert_eq!(t.loc(pair), Loc::Square(sq("b1")));
    assert!(t.frozen(pair));
    assert_eq!(t.game.plan_card(One), None);
    t.clean();

    // In hand it cannot be activated.
    let mut s = Bench::new(&set);
    let pair = s.hand(One, "幽々子&妖夢");
    let yuyuko = s.hand(One, "西行寺 幽々子");
    let youmu = s.unit(One, "魂魄 妖夢", "c1");
    s.rich(One);
    let mut t = s.build();
    let refused = t.game.apply(
        &set.db,
        Action::Activate {
            card: pair,
            ability: 0,
            targets: Targets::of(&[]),
            cost_cards: dzero_core::CardList::of(&[yuyuko, youmu]),
            x: 0,
            payment: Payment::Auto,
        },
    );
    assert!(refused.is_err());
}

/// 橙 lowers the opponent's units' use cost (001 デッキ構築のヒント(5)): 八雲 紫 (黒3 無5 = 8)
/// next to your 西行寺 幽々子 counts as 7 and can be destroyed.
#[test]
fn chen_widens_yuyukos_destroy_range() {
    for with_chen in [false, true] {
        let set = touhou();
        let mut s = Bench::new(&set);
        let yukari = s.unit(Two, "八雲 紫", "a2");
        if with_chen {
            s.unit(One, "橙", "c1");
        }
        let yuyuko = s.hand(One, "西行寺 幽々子");
        s.rich(One);
        let mut t = s.build();
        t.play(yuyuko, Some("a1"), &[]);
        t.pass_both();
        assert_eq!(t.loc(yuyuko), Loc::Square(sq("a1")));
        // The trigger targets on going on the stack ("up to one": none is offered too).
        for _ in 0..10 {
            if let Some(c) = t.game.choice() {
                assert_eq!(c.kind, dzero_core::ChoiceKind::TriggerTarget);
                t.choose(dzero_core::ChoiceOption::Card(yukari));
            } else if t.game.stack().is_empty() {
                break;
            } else {
                t.pass();
            }
        }
        let expected = if with_chen {
            Loc::Graveyard
        } else {
            Loc::Square(sq("a2"))
        };
        assert_eq!(t.loc(yukari), expected, "with 橙: {with_chen}");
        t.clean();
    }
}

/// 橙's ★ also lowers what the opponent pays: 八雲 紫 costs 黒3 無4 with the opponent's 橙.
#[test]
fn chen_lowers_the_opponents_play_cost() {
    for with_chen in [false, true] {
        let set = touhou();
        let mut s = Bench::new(&set);
        if with_chen {
            s.unit(Two, "橙", "c3");
        }
        let yukari = s.hand(One, "八雲 紫");
        s.energy(One, Colour::Black, 7);
        let mut t = s.build();
        assert_eq!(t.try_play(yukari, Some("a1"), &[]), with_chen);
    }
}

/// 墓地効果『★ lua:grudge』: each 怨霊 in your graveyard gives your units +500.
#[test]
fn graveyard_static_of_onryou() {
    let set = touhou();
    let mut s = Bench::new(&set);
    let cirno = s.unit(One, "チルノ", "a1");
    let foe = s.unit(Two, "チルノ", "c3");
    s.add(One, "怨霊", Loc::Graveyard);
    s.add(One, "怨霊", Loc::Graveyard);
    let on_field = s.unit(One, "怨霊", "b1");
    let t = s.build();
    assert_eq!(t.power(cirno), 2500);
    assert_eq!(
        t.power(on_field),
        3000,
        "the one in play does not count itself"
    );
    assert_eq!(t.power(foe), 1500);
    t.clean();
}

/// 博麗 霊夢: ★ the opponent cannot target it; ● [白1 フリーズ] (DSL line, Lua effect) freezes a unit.
#[test]
fn reimu_untargetable_and_freezes() {
    let set = touhou();
    let mut s = Bench::new(&set);
    let reimu = s.unit(One, "博麗 霊夢", "a1");
    let foe = s.unit(Two, "チルノ", "b3");
    let agni = s.hand(Two, "火符「アグニシャイン」");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();
    // The script's ★ comes first, then the card file's ● line.
    let ability = activated_index(&set, "博麗 霊夢");
    assert_eq!(ability, 1);
    t.activate(reimu, ability, &[foe], &[]);
    assert!(t.frozen(reimu));
    t.pass_both();
    assert!(t.frozen(foe));
    t.pass();
    assert_eq!(t.priority(), Some(Two));
    assert!(
        !t.try_play(agni, None, &[reimu]),
        "★ not targetable by the opponent"
    );
    t.clean();
}

/// 細波の入江の魔女 (召集−同じエリア, invented reading): played into your own area, it may put a
/// cheap unit from your hand into a free square of the same area.
#[test]
fn ripple_cove_witch_summons_into_the_same_area() {
    let set = d0();
    let mut s = Bench::new(&set);
    let witch = s.hand(One, "細波の入江の魔女");
    let malt = s.hand(One, "シングルモルト");
    s.rich(One);
    let mut t = s.build();
    t.play(witch, Some("a1"), &[]);
    t.pass_both();
    assert_eq!(t.loc(witch), Loc::Square(sq("a1")));
    t.pass_until(|t| !t.game.stack().is_empty() || t.game.choice().is_some());
    t.pass_both();
    t.answer(true);
    t.choose(dzero_core::ChoiceOption::Card(malt));
    t.choose(dzero_core::ChoiceOption::Square(sq("c1")));
    assert_eq!(t.loc(malt), Loc::Square(sq("c1")));
    assert!(t.frozen(malt));
    t.clean();
}

/// スパイク・ガールズ: when it goes from a square to the graveyard, a card leaves the opponent's
/// hand for its graveyard.
#[test]
fn spike_girls_discards_from_the_opponents_hand() {
    let set = d0();
    let mut s = Bench::new(&set);
    let girls = s.unit(Two, "スパイク・ガールズ", "b2");
    let rifle = s.hand(One, "プラズマ・ライフル");
    let kept = [s.hand(One, "シングルモルト"), s.hand(One, "狼王ロボ")];
    s.rich(One);
    let mut t = s.build();
    t.play(rifle, None, &[girls]);
    t.pass_both();
    assert_eq!(t.loc(girls), Loc::Graveyard);
    t.pass_until(|t| t.game.stack().is_empty() && t.game.zone(One, Zone::Hand).len() < 2);
    assert_eq!(t.game.zone(One, Zone::Hand).len(), 1);
    assert_eq!(
        kept.iter().filter(|&&c| t.loc(c) == Loc::Graveyard).count(),
        1
    );
    t.clean();
}

/// ソーサーレッグ・ペガサス: attacked, in the first battle step, its ● [白1]《バトル》 puts it
/// released into an adjacent empty square; the attacker is left alone and wins.
#[test]
fn saucerleg_pegasus_escapes_the_first_battle_step() {
    let set = d0();
    let mut s = Bench::new(&set);
    let pegasus = s.unit(Two, "ソーサーレッグ・ペガサス", "b2");
    let robo = s.unit(One, "狼王ロボ", "b1");
    s.rich(One);
    s.rich(Two);
    let mut t = s.build();
    let ability = activated_index(&set, "ソーサーレッグ・ペガサス");
    // Outside a battle its condition does not hold: B cannot activate it.
    let mut probe = t.game.clone();
    probe.apply(&set.db, Action::Pass).unwrap();
    let escape = Action::Activate {
        card: pegasus,
        ability,
        targets: Targets::of(&[]),
        cost_cards: dzero_core::CardList::NONE,
        x: 0,
        payment: Payment::Auto,
    };
    assert!(matches!(
        probe.check(&set.db, &escape),
        Err(dzero_core::ActionError::Illegal(_))
    ));
    t.mv(robo, "b2");
    t.pass_both();
    assert!(t.in_battle());
    assert_eq!(t.priority(), Some(One));
    t.pass();
    t.activate(pegasus, ability, &[], &[]);
    t.pass_both();
    t.choose(dzero_core::ChoiceOption::Square(sq("a2")));
    assert_eq!(t.loc(pegasus), Loc::Square(sq("a2")));
    assert!(!t.frozen(pegasus));
    t.pass_until(|t| !t.in_battle());
    assert_eq!(t.loc(robo), Loc::Square(sq("b2")));
    assert_eq!(t.damage(pegasus), 0);
    t.clean();
}

/// ★ abilities of bases and units written in Lua and in the DSL change power and smash.
#[test]
fn static_abilities_of_the_bundled_cards() {
    let set = touhou();
    let mut s = Bench::new(&set);
    let reimu = s.unit(One, "博麗 霊夢", "a1");
    let cirno = s.unit(One, "チルノ", "b3");
    let meiling = s.unit(One, "紅 美鈴", "c3");
    s.unit(One, "博麗神社", "P1-base1");
    s.unit(One, "紅魔館", "P1-base2");
    let t = s.build();
    assert_eq!(t.power(reimu), 7000, "博麗神社: メイデン +1000");
    assert_eq!(t.power(cirno), 1500);
    let view = t.game.view(&set.db);
    assert_eq!(view.smash(meiling), 2, "紅魔館: red unit in the enemy area");
    assert_eq!(view.smash(cirno), 1, "not red");
    t.clean();

    let set = d0();
    let mut s = Bench::new(&set);
    let mantis = [
        s.unit(One, "小さなカマキリ", "a1"),
        s.unit(One, "小さなカマキリ", "b2"),
        s.unit(One, "小さなカマキリ", "c3"),
    ];
    let ghoul = s.unit(Two, "墓守のグール", "a1");
    let malt = s.unit(Two, "シングルモルト", "b3");
    s.unit(Two, "大樹の砦", "P2-base2");
    s.unit(Two, "ホラーハウス・ランド", "P2-base3");
    let t = s.build();
    // Two's base3 is in column c (One's right line): the mantis in c3 gets -1000.
    assert_eq!(
        mantis.map(|m| t.power(m)),
        [1000, 2000, 2000],
        "カマキリ: +1000 centre, +2000 enemy; ホラーハウス・ランド -1000 in its line"
    );
    assert_eq!(t.power(malt), 4000, "大樹の砦: +1000 in its line");
    let view = t.game.view(&set.db);
    assert_eq!(view.smash(ghoul), 2, "墓守のグール: a1 is Two's enemy area");
    t.clean();
}

/// ☆ in Lua: 見習いの天使 costs 無1 less with a white unit of yours in the battle space.
#[test]
fn apprentice_angel_costs_less_with_a_white_unit() {
    for with_white in [false, true] {
        let set = d0();
        let mut s = Bench::new(&set);
        if with_white {
            s.unit(One, "バトルフィールド・エンジェル", "c1");
        } else {
            s.unit(One, "シングルモルト", "c1");
        }
        let angel = s.hand(One, "見習いの天使");
        s.energy(One, Colour::White, 2);
        let mut t = s.build();
        assert_eq!(t.try_play(angel, Some("a1"), &[]), with_white);
    }
}

/// 妖魔の勇者 (004's 요마의 용자, invented reading): the opponent's unit cards in the energy
/// zone stay frozen through their release phase.
#[test]
fn youma_hero_keeps_energy_frozen() {
    let set = d0();
    let mut s = Bench::new(&set);
    s.unit(One, "妖魔の勇者", "a1");
    let unit_energy = s.add(Two, "シングルモルト", Loc::Energy);
    let strategy_energy = s.add(Two, "プラズマ・ライフル", Loc::Energy);
    s.b.frozen(unit_energy, true);
    s.b.frozen(strategy_energy, true);
    let mut t = s.build();
    for _ in 0..20 {
        match t.game.decision() {
            dzero_core::Decision::Act(Two)
                if t.game.phase() == Phase::Main && t.game.active() == Two =>
            {
                break;
            }
            dzero_core::Decision::Smash(_) => t.act(Action::Smash(None)),
            dzero_core::Decision::Energy(_) => t.act(Action::Energy(None)),
            _ => t.pass(),
        }
    }
    assert_eq!(t.game.active(), Two);
    assert!(t.frozen(unit_energy), "a unit card stays frozen");
    assert!(!t.frozen(strategy_energy));
    t.clean();
}

/// 紅符「スカーレット・シュート」: 6000 damage from the hand, 8000 when played from the plan zone
/// (R9.6, effect reads where it was played from).
#[test]
fn scarlet_shoot_deals_more_from_the_plan_zone() {
    for (from_plan, damage) in [(false, 6000), (true, 8000)] {
        let set = touhou();
        let mut s = Bench::new(&set);
        let yukari = s.unit(Two, "八雲 紫", "b3");
        for _ in 0..5 {
            s.add(One, "大妖精", Loc::Deck);
        }
        let shoot = if from_plan {
            let c = s.add(One, "紅符「スカーレット・シュート」", Loc::Deck);
            s.b.plan(One);
            c
        } else {
            s.hand(One, "紅符「スカーレット・シュート」")
        };
        s.rich(One);
        let mut t = s.build();
        t.play(shoot, None, &[yukari]);
        t.pass_both();
        if damage >= 7000 {
            assert_eq!(t.loc(yukari), Loc::Graveyard, "8000 ≥ 7000");
        } else {
            assert_eq!(t.damage(yukari), damage);
        }
        t.clean();
    }
}
