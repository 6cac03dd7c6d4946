//! Amounts, costs and deck sentences as D0 prints them: a cost bound that counts the X paid
//! (A72). Each printed spelling parses, compiles, and its canonical text parses back to the
//! same line.

use dzero_core::{CardKind, Timing};
use dzero_grammar::{Action, CompileCtx, Line, NoScripts, compile, parse_line};

mod support;
use support::{compiled_line, first_action};

fn line(s: &str) -> Line {
    parse_line(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

// A72: 使用コストX+1以下の bounds the use cost by the X paid for this card plus one.
#[test]
fn a72_cost_bound_counts_the_x_paid() {
    let l = compiled_line(
        "○あなたは自分の手札かプランゾーンにある使用コストX+1以下のユニットを1枚まで選び、自分のユニットのない自軍エリアか中央エリアのスクエアにリリース状態で置く。",
        CardKind::Strategy,
    );
    let Action::PutFrom(p) = first_action(&l) else {
        panic!("not a put from zones: {l:?}")
    };
    assert_eq!(p.cost_at_most_x_plus, Some(1));
    assert!(p.centre && p.up_to && !p.frozen);
    let Action::PutFrom(p) = first_action(&compiled_line(
        "あなたは自分の墓地にある使用コストX以下のユニットを1枚選び、ユニットのない自軍エリアのスクエアにフリーズ状態で置く。",
        CardKind::Strategy,
    )) else {
        panic!("not a put from zones")
    };
    assert_eq!(p.cost_at_most_x_plus, Some(0));
    assert!(
        parse_line("○あなたは自分の手札にある使用コストX+以下のユニットを1枚選び、ユニットのない自軍エリアのスクエアにフリーズ状態で置く。")
            .is_err()
    );
}

// A73: a plan-zone effect that lets the payment of this card's cost be [無0] is a ☆ set of the
// cost while the card is in the plan zone.
#[test]
fn a73_plan_zone_cost_paid_as_nothing() {
    let l = compiled_line(
        "プランゾーン効果(プランゾーンで有効になる。)『あなたがこのカードをプレイするコストを支払うにあたり、そのコストを[無0]にしてよい。』",
        CardKind::Unit,
    );
    let text = l.to_string();
    assert!(
        text.contains("プランゾーン効果") && text.contains("使用コスト"),
        "{text}"
    );
    assert!(
        parse_line("プランゾーン効果(プランゾーンで有効になる。)『あなたがこのカードをプレイするコストを支払うにあたり、そのコストを[無0]にしたい。』")
            .is_err()
    );
}

// A73: a use cost lowered once per N cards of a zone is a ☆ cost change, always taken.
#[test]
fn a73_cost_lowered_per_cards_of_a_zone() {
    let l = compiled_line(
        "このカードをプレイするにあたり、あなたのスマッシュゾーンにあるカード2枚につき、支払うべき使用コストを-[無1]してよい。",
        CardKind::Unit,
    );
    let Line::Ability(dzero_grammar::AbilityLine::CostPer(c)) = &l else {
        panic!("not a per-count cost line: {l:?}")
    };
    assert_eq!((c.per, c.change.delta, c.change.colour), (2, -1, None));
    assert!(
        parse_line("このカードをプレイするにあたり、あなたのスマッシュゾーンにあるカード0枚につき、支払うべき使用コストを-[無1]してよい。")
            .is_err()
    );
    let ctx = CompileCtx::new(CardKind::Unit, Timing::Normal);
    let zoned = line(
        "墓地効果『このカードをプレイするにあたり、あなたの墓地にあるカード2枚につき、支払うべき使用コストを-[無1]してよい。』",
    );
    assert!(compile(&zoned, &ctx, &mut NoScripts).is_err());
}

// A74: the energy zone goes through the deck: X is the number of cards put into decks.
#[test]
fn a74_energy_through_the_deck() {
    let l = compiled_line(
        "あなたは自分のエネルギーゾーンのすべてのカードを持ち主の山札に戻し、シャッフルする。あなたの山札の上からX枚のカードを持ち主のエネルギーゾーンにリリースして置く。Xはこの効果で山札に戻したカードの枚数と等しい。",
        CardKind::Strategy,
    );
    assert_eq!(first_action(&l), Action::EnergyThroughDeck);
    assert!(
        parse_line("あなたは自分のエネルギーゾーンのすべてのカードを持ち主の山札に戻し、シャッフルする。あなたの山札の上からX枚のカードを持ち主のエネルギーゾーンにリリースして置く。")
            .is_err()
    );
}
