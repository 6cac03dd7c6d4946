//! Readable labels of the effect-body rules, for "expected …" errors (see `labels.rs`).

use crate::parser::Rule;

/// The readable label of an effect-body rule, `None` for the other rules.
pub(crate) fn effect_label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::spell | Rule::spell_mark => "○",
        Rule::triggered | Rule::trigger_when | Rule::trigger_printed => {
            "a trigger condition such as このカードがスクエアに置かれた時|このユニットが破壊された時|あなたのターンの終了時 (docs/dsl.md lists them)"
        }
        Rule::effect | Rule::sentence => "an effect sentence",
        Rule::period => "。",
        Rule::draw | Rule::draw_cards => "カードを",
        Rule::you_do => "あなたは",
        Rule::draw_end => "枚引く",
        Rule::draw_en | Rule::draw_kw => "draw",
        Rule::cards_en => "cards",
        Rule::deal | Rule::destroy | Rule::bounce | Rule::freeze_it | Rule::release_it => {
            "a subject 対象の…|すべての…"
        }
        Rule::discard_it | Rule::hand_wo => "手札を",
        Rule::discarder => "あなたは|相手は",
        Rule::at_random => "ランダムに",
        Rule::mai => "枚",
        Rule::chosen_jp => "選んで",
        Rule::discard_end => "捨てる",
        Rule::discard_en | Rule::discard_kw => "discard",
        Rule::opponent_kw => "opponent",
        Rule::at_random_en => "at random",
        Rule::ni => "に",
        Rule::damage_end => "ダメージを与える",
        Rule::deal_en | Rule::deal_kw => "deal",
        Rule::damage_kw => "damage",
        Rule::to_kw => "to",
        Rule::wo => "を",
        Rule::destroy_end => "破壊する",
        Rule::destroy_en | Rule::destroy_kw => "destroy",
        Rule::whose_hand => "持ち主の",
        Rule::bounce_end => "手札に戻す",
        Rule::bounce_en | Rule::return_kw => "return",
        Rule::hand_kw => "hand",
        Rule::put_zone | Rule::dest_jp => {
            "a zone リムーブゾーン|スマッシュゾーン|エネルギーゾーン|墓地|デッキの上|デッキの下"
        }
        Rule::put_end => "に置く",
        Rule::put_en | Rule::put_kw => "put",
        Rule::into_kw => "into",
        Rule::dest_en => "a zone remove zone|smash zone|energy zone|graveyard|deck top|deck bottom",
        Rule::put_square | Rule::state_jp => "フリーズ状態で|リリース状態で",
        Rule::square_end => "スクエアに置く",
        Rule::put_square_en => "put",
        Rule::square_en => "a square",
        Rule::state_en => "frozen|released",
        Rule::move_it | Rule::adjacent_sq => "隣接するスクエアに",
        Rule::move_end => "移動する",
        Rule::move_en | Rule::move_kw => "move",
        Rule::adjacent_en => "an adjacent square",
        Rule::search | Rule::deck_from => "デッキから",
        Rule::search_end => "選んで手札に加え、デッキをシャッフルする",
        Rule::search_en | Rule::search_kw => "search",
        Rule::deck_for => "deck for",
        Rule::freeze_end => "フリーズする",
        Rule::release_end => "リリースする",
        Rule::freeze_en => "freeze",
        Rule::release_en | Rule::release_kw => "release",
        Rule::boost | Rule::gain | Rule::until => {
            "a duration ターン終了時まで|バトル終了時まで|次のあなたのターンの終了時まで"
        }
        Rule::boost_en | Rule::gain_en | Rule::until_en => {
            "a duration until end of turn|until end of battle|until end of your next turn"
        }
        Rule::no => "の",
        Rule::suru => "する",
        Rule::comma => "、",
        Rule::wa => "は",
        Rule::gain_end => "を得る",
        Rule::gains_kw => "gains",
        Rule::subject | Rule::target_kw | Rule::each_kw => "a subject 対象の…|すべての…",
        Rule::side => "あなたの|相手の",
        Rule::zone_at | Rule::zone_place => "墓地にある",
        Rule::at_kw => "にある",
        Rule::power_le | Rule::power_kw => "パワーN以下の",
        Rule::cost_le | Rule::cost_kw => "使用コストがN以下の",
        Rule::le_no => "以下の",
        Rule::race | Rule::race_open | Rule::race_kw => "a race 〈…〉の",
        Rule::race_close => "〉",
        Rule::race_name | Rule::race_bare => "a race name",
        Rule::colour_of | Rule::colour_jp => "a colour 赤|黒|青|白|緑",
        Rule::noun => "ユニット|ベース|ユニットカード|カード",
        Rule::count => "a number of targets (1体)",
        Rule::counter => "体|枚",
        Rule::made => "まで",
        Rule::subject_en | Rule::target_en | Rule::up_to_en => "a subject target …|each …",
        Rule::each_en => "each",
        Rule::mod_en | Rule::mod_jp => "a filter",
        Rule::side_en => "own|opponent",
        Rule::power_le_en => "power<=N",
        Rule::cost_le_en => "cost<=N",
        Rule::le_en => "<=",
        Rule::race_en => "a race 〈…〉",
        Rule::colour_en => "a colour red|black|blue|white|green",
        Rule::noun_en => "unit|base|unit card|card",
        Rule::in_zone_en => "in graveyard",
        Rule::zone_en => "graveyard|remove zone",
        Rule::all_kw => "すべて",
        Rule::this_card => "このカード",
        Rule::this_card_en => "this card",
        Rule::boost_after => "a subject",
        Rule::x_number => "X",
        Rule::sono => "その",
        Rule::sono_en => "its",
        Rule::remove_it | Rule::remove_end => "ゲームから除外する",
        Rule::remove_en | Rule::remove_kw => "remove",
        Rule::from_game => "from the game",
        _ => return None,
    })
}
