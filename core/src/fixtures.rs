//! Rust fixture cards: the cards the rulebooks' worked examples name (RULES.md §20.0), with the
//! stats the sources give, plus a few invented test cards (marked "invented"). Also two fixture
//! decks for demo games. Costs and colours the sources do not give are invented.

use crate::ability::{
    AbilityKey, Activated, Forbid, Side, Spell, Static, StaticEffect, TargetSpec, Triggered,
};
use crate::board::{Area, Square};
use crate::card::{CardDb, CardDef, Keywords, Timing};
use crate::cost::Cost;
use crate::effect::{Dest, EffectError, Resolve};
use crate::events::Event;
use crate::ids::{CardId, Colour, DefId};
use crate::state::{Change, Duration};
use crate::view::View;
use crate::zone::{Loc, ZoneSet};

/// A strategy doing `f` to one target unit.
fn on_unit(f: impl Fn(&mut Resolve<'_>, CardId) + 'static) -> Spell {
    Spell::targeting(TargetSpec::unit(), move |r: &mut Resolve<'_>| {
        if let Some(t) = r.target() {
            f(r, t);
        }
        Ok(())
    })
}

fn damage(amount: i32) -> Spell {
    on_unit(move |r, t| {
        r.damage(t, amount);
    })
}

fn boost(amount: i32) -> Spell {
    on_unit(move |r, t| {
        r.boost(t, amount);
    })
}

/// 小さなカマキリ: +1000 in the centre area, +2000 in the enemy area.
struct Mantis;

impl StaticEffect for Mantis {
    fn characteristics(
        &self,
        view: &View<'_>,
        me: CardId,
        subject: CardId,
        ch: &mut crate::Characteristics,
    ) {
        if me == subject {
            ch.power += match view.area(me) {
                Some(Area::Centre) => 1000,
                Some(Area::Enemy) => 2000,
                _ => 0,
            };
        }
    }
}

/// 白玉楼: damage to your units in its line is reduced by 2000.
struct Hakugyokurou;

impl StaticEffect for Hakugyokurou {
    fn damage(&self, view: &View<'_>, me: CardId, recipient: CardId, amount: i32) -> i32 {
        match (view.square(me), view.square(recipient)) {
            (Some(base), Some(sq))
                if view.owner(me) == view.owner(recipient) && base.same_line(sq) =>
            {
                amount - 2000
            }
            _ => amount,
        }
    }
}

/// Invented: "★ your units cannot be targeted by the opponent's cards" (a prohibition).
struct Ward;

impl StaticEffect for Ward {
    fn forbids(&self, view: &View<'_>, me: CardId, what: Forbid) -> bool {
        matches!(what, Forbid::Target { subject, by } if view.owner(subject) == view.owner(me) && by != view.owner(me) && view.square(subject).is_some_and(Square::is_battle))
    }
}

/// All fixture cards.
pub fn card_db() -> CardDb {
    let mut db = CardDb::new();
    let red = |n| Cost::FREE.and(Colour::Red, n);
    let blue = |n| Cost::FREE.and(Colour::Blue, n);
    let white = |n| Cost::FREE.and(Colour::White, n);
    let black = |n| Cost::FREE.and(Colour::Black, n);
    let unit = |name, power, smash, c: Colour, cost: Cost| {
        CardDef::unit(name, power, smash)
            .colour(c)
            .cost(cost)
            .move_cost(Cost::colourless(1))
    };
    // §20.0 cards.
    db.add(unit(
        "シングルモルト",
        3000,
        1,
        Colour::Red,
        red(1).and_colourless(1),
    ));
    db.add(
        CardDef::strategy("プラズマ・ライフル", damage(3000))
            .colour(Colour::Red)
            .cost(red(1).and_colourless(1))
            .text("○ 対象のユニット1体に3000ダメージを与える。"),
    );
    db.add(
        CardDef::strategy("ダイヤモンド・ソウル", boost(3000))
            .colour(Colour::Red)
            .timing(Timing::Battle)
            .cost(red(1))
            .text("○ 対象のユニット1体のパワーを+3000する。"),
    );
    db.add(unit(
        "バトルフィールド・エンジェル",
        3500,
        1,
        Colour::White,
        white(1).and_colourless(1),
    ));
    db.add(unit(
        "狼王ロボ",
        5000,
        2,
        Colour::Red,
        red(2).and_colourless(2),
    ));
    db.add(unit(
        "自走戦鬼大砲蜘蛛",
        4000,
        1,
        Colour::Black,
        black(1).and_colourless(2),
    ));
    db.add(
        CardDef::strategy("ルビーソウル", boost(3000))
            .colour(Colour::Red)
            .cost(red(1))
            .text("○ 対象のユニット1体のパワーを+3000する。"),
    );
    db.add(
        CardDef::strategy("ヒュドラランチャー", damage(5000))
            .colour(Colour::Red)
            .cost(red(2).and_colourless(1))
            .text("○ 対象のユニット1体に5000ダメージを与える。"),
    );
    db.add(unit(
        "聖騎士ホーリー・フレイル",
        6000,
        2,
        Colour::White,
        white(2).and_colourless(2),
    ));
    db.add(unit(
        "ロマネ・コンティ",
        8000,
        2,
        Colour::Black,
        black(2).and_colourless(3),
    ));
    db.add(
        unit("小さなカマキリ", 1000, 1, Colour::Green, Cost::FREE.and(Colour::Green, 1))
            .race("コロボックル")
            .text("★ 中央エリアのスクエアにある限りパワー+1000、敵軍エリアのスクエアにある限りパワー+2000。")
            .ability(Static::new(Mantis)),
    );
    db.add(
        CardDef::unit("レイディ・ラスト", 5000, 2)
            .colour(Colour::Black)
            .cost(black(3).and_colourless(5))
            .move_cost(black(1).and_colourless(2))
            .text("(power invented; costs and smash from 004)"),
    );
    db.add(unit(
        "魂魄 妖夢",
        5000,
        2,
        Colour::Green,
        Cost::FREE.and(Colour::Green, 2).and_colourless(1),
    ));
    db.add(
        CardDef::strategy("紅符「スカーレット・シュート」", damage(6000))
            .colour(Colour::Red)
            .cost(red(2).and_colourless(2))
            .text("○ 対象のユニット1体に6000ダメージを与える。"),
    );
    db.add(
        CardDef::base("白玉楼")
            .colour(Colour::Green)
            .cost(Cost::FREE.and(Colour::Green, 1))
            .text("★ このベースと同じラインにあるあなたのユニットが受けるダメージを-2000する。")
            .ability(Static::new(Hakugyokurou)),
    );
    db.add(unit("チルノ", 1500, 1, Colour::Blue, blue(1)));
    db.add(unit(
        "橙",
        1000,
        1,
        Colour::Green,
        Cost::FREE.and(Colour::Green, 1),
    ));
    db.add(
        CardDef::strategy(
            "寒符「リンガリングコールド」",
            on_unit(|r, t| {
                r.freeze(t);
            }),
        )
        .colour(Colour::Blue)
        .cost(blue(1))
        .text("○ 対象のユニット1体をフリーズする。(effect invented: the source does not give it)"),
    );
    db.add(
        CardDef::strategy(
            "奇術「ミスディレクション」",
            on_unit(|r, t| {
                r.boost(t, 2000);
                r.change(t, Change::Grant(Keywords::HEXPROOF), Duration::EndOfTurn);
            }),
        )
        .colour(Colour::Blue)
        .cost(blue(1))
        .text("○ 対象のユニット1体のパワーを+2000し、「★相手のカードの対象にならない」を得る。"),
    );
    db.add(
        CardDef::base("迷い家")
            .colour(Colour::Green)
            .cost(Cost::FREE.and(Colour::Green, 1))
            .text("墓地効果『● [無1]《クイック》 このカードをあなたのベーススペースのスクエアに置く。』")
            .ability(Activated {
                key: AbilityKey::of("墓地効果『● [無1]《クイック》 このカードをあなたのベーススペースのスクエアに置く。』"),
                zones: ZoneSet::of(crate::zone::Zone::Graveyard),
                cost: Cost::colourless(1),
                timing: Timing::Quick,
                target: None,
                card_costs: Vec::new(),
                condition: None,
                effect: Box::new(|r: &mut Resolve<'_>| {
                    let me = r.source().ok_or_else(|| EffectError::Failed("no source".into()))?;
                    if r.view().loc(me) != Loc::Graveyard {
                        return Ok(());
                    }
                    let owner = r.view().owner(me);
                    let free: Vec<Square> = Square::base_squares(owner)
                        .filter(|&s| !r.view().field().iter().any(|&c| r.view().square(c) == Some(s)))
                        .collect();
                    if let Some(s) = r.choose_square(owner, "迷い家: choose a base square", &free)? {
                        r.put(me, Dest::Square(s, false));
                    }
                    Ok(())
                }),
            }),
    );
    // Invented test cards.
    db.add(
        CardDef::strategy(
            "破壊光線",
            on_unit(|r, t| {
                r.destroy(t);
            }),
        )
        .colour(Colour::Black)
        .cost(black(1).and_colourless(1))
        .text("○ 対象のユニット1体を破壊する。(invented)"),
    );
    db.add(
        unit("加速の騎兵", 3000, 1, Colour::Red, red(1).and_colourless(1))
            .keywords(Keywords::ACCEL)
            .text("加速 (invented)"),
    );
    db.add(
        unit(
            "速攻の斥候",
            2000,
            1,
            Colour::Blue,
            blue(1).and_colourless(1),
        )
        .keywords(Keywords::HASTE)
        .text("速攻 (invented)"),
    );
    db.add(
        unit("見張り番", 2000, 1, Colour::White, white(1))
            .text("◆ このカードがスクエアに置かれた時、あなたはカードを1枚引く。(invented)")
            .ability(Triggered::new(
                |_: &View<'_>, me: CardId, e: &Event| matches!(e, Event::Placed { card, .. } if *card == me),
                |r: &mut Resolve<'_>| {
                    let p = r.controller();
                    r.draw(p, 1);
                    Ok(())
                },
            ).keyed(AbilityKey::of("◆ このカードがスクエアに置かれた時、あなたはカードを1枚引く。"))),
    );
    db.add(
        CardDef::base("守りの祠")
            .colour(Colour::White)
            .cost(white(1).and_colourless(1))
            .text("★ あなたのユニットは相手のカードの対象にならない。(invented)")
            .ability(Static::new(Ward)),
    );
    db.add(
        unit("熟練の弓兵", 2500, 1, Colour::White, white(1).and_colourless(1))
            .text("● [白1 フリーズ]《クイック》 対象の相手のユニット1体に2000ダメージを与える。(invented)")
            .ability(Activated {
                key: AbilityKey::of("● [白1 フリーズ]《クイック》 対象の相手のユニット1体に2000ダメージを与える。"),
                target: Some(TargetSpec::unit().side(Side::Opponent)),
                ..Activated::new(
                    white(1).and_freeze_self(),
                    Timing::Quick,
                    |r: &mut Resolve<'_>| {
                        if let Some(t) = r.target() {
                            r.damage(t, 2000);
                        }
                        Ok(())
                    },
                )
            }),
    );
    db.add(
        CardDef::strategy(
            "火球",
            Spell::targeting(TargetSpec::unit(), |r: &mut Resolve<'_>| {
                let x = i32::from(r.x());
                if let Some(t) = r.target() {
                    r.damage(t, 1000 * x);
                }
                Ok(())
            }),
        )
        .colour(Colour::Red)
        .cost(red(1).and_x(crate::cost::XEnergy::Colourless))
        .text("○ 対象のユニット1体にX×1000ダメージを与える。(invented)"),
    );
    db.add(
        CardDef::strategy(
            "補給",
            Spell::new(|r: &mut Resolve<'_>| {
                let p = r.controller();
                let hand = r.zone(p, Loc::Hand);
                if let Some(c) =
                    r.choose_card(p, "補給: choose a card to put into your energy zone", &hand)?
                {
                    r.put(c, Dest::Energy);
                }
                Ok(())
            }),
        )
        .colour(Colour::Blue)
        .cost(blue(1))
        .timing(Timing::Normal)
        .text("○ あなたの手札のカード1枚を選び、エネルギーゾーンに置く。(invented)"),
    );
    db
}

fn deck(db: &CardDb, names: &[&str]) -> Vec<DefId> {
    names
        .iter()
        .filter_map(|n| db.find(n))
        .flat_map(|d| [d; 3])
        .collect()
}

/// A red/black fixture deck of 40 cards.
pub fn deck_red(db: &CardDb) -> Vec<DefId> {
    let mut d = deck(
        db,
        &[
            "シングルモルト",
            "狼王ロボ",
            "自走戦鬼大砲蜘蛛",
            "ロマネ・コンティ",
            "加速の騎兵",
            "レイディ・ラスト",
            "プラズマ・ライフル",
            "ダイヤモンド・ソウル",
            "ルビーソウル",
            "ヒュドラランチャー",
            "紅符「スカーレット・シュート」",
            "破壊光線",
            "火球",
        ],
    );
    d.extend(db.find("小さなカマキリ"));
    d
}

/// A blue/white/green fixture deck of 40 cards.
pub fn deck_blue(db: &CardDb) -> Vec<DefId> {
    let mut d = deck(
        db,
        &[
            "バトルフィールド・エンジェル",
            "聖騎士ホーリー・フレイル",
            "魂魄 妖夢",
            "チルノ",
            "橙",
            "速攻の斥候",
            "見張り番",
            "熟練の弓兵",
            "白玉楼",
            "迷い家",
            "守りの祠",
            "寒符「リンガリングコールド」",
            "奇術「ミスディレクション」",
        ],
    );
    d.extend(db.find("補給"));
    d
}
