//! Readable labels of the effect-body rules (sentences, subjects, choices, conditions and
//! clauses), for "expected …" errors (see `labels.rs`).

use super::tree::Rule;

/// The readable label of an effect-body rule, `None` for the other rules.
pub(crate) fn effect_label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::spell | Rule::spell_mark => "○",
        Rule::triggered
        | Rule::trigger_when
        | Rule::trigger_printed
        | Rule::trig_arrival
        | Rule::trig_battle
        | Rule::trig_turn
        | Rule::trig_moved
        | Rule::trig_self
        | Rule::trig_this => {
            "a trigger condition such as このカードがスクエアに置かれた時|このユニットが破壊された時|あなたのターンの終了時 (docs/dsl.md lists them)"
        }
        Rule::trig_from => {
            "手札から|プランゾーンから|手札かプランゾーンから|墓地から|スクエア以外から"
        }
        Rule::trig_played => "プレイされて",
        Rule::trig_not_played => "(プレイ以外で)",
        Rule::trig_square => "スクエアに",
        Rule::won_kw => "バトルに勝った時",
        Rule::won_end => "、そのバトル終了時",
        Rule::trig_cause | Rule::trig_effect_by => "相手のカードの効果で",
        Rule::trig_line => "このカードと同じラインに",
        Rule::trig_placed | Rule::tm_placed => "置かれた時",
        Rule::tm_card => "カード",
        Rule::tm_side => "あなたの|相手の",
        Rule::tm_zone => {
            "a zone エネルギーゾーン|墓地|手札|リムーブゾーン|スマッシュゾーン|山札|スクエア"
        }
        Rule::tm_kara => "から",
        Rule::trig_or => "か",
        Rule::trig_at => "に",
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
        Rule::zone_own => "自分の",
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

/// The readable label of a rule of the sentences choosing beyond the cards in squares, `None`
/// for the other rules.
pub(crate) fn choice_label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::hand_put | Rule::hand_no => "あなたの手札の",
        Rule::hand_put_en => "put",
        Rule::player_discard | Rule::target_player => "対象のプレイヤーは",
        Rule::own_hand => "自分の手札を",
        Rule::player_discard_en | Rule::target_player_en => "target player",
        Rule::square_deal | Rule::target_square => "対象のバトルスクエアにいる",
        Rule::unit_word => "ユニット",
        Rule::square_deal_en => "deal",
        Rule::in_target_square_en => "in target battle square",
        _ => return None,
    })
}

/// The readable label of an effect-level condition rule, `None` for the other rules.
pub(crate) fn condition_label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::if_target | Rule::nara => "なら",
        Rule::cond_test | Rule::le_kw => "使用コストがN以下|パワーがN以下",
        Rule::otherwise_kw => "そうでなければ",
        Rule::bare_act | Rule::bare_verb | Rule::bare_damage | Rule::bare_boost => {
            "破壊する|フリーズする|リリースする|Nダメージを与える|ターン終了時までパワー±N"
        }
        Rule::from_plan | Rule::from_plan_kw => "プランゾーンからプレイした場合は代わりに",
        Rule::if_target_en | Rule::if_kw => "if",
        Rule::cost_word_en => "cost",
        Rule::otherwise_en => "otherwise",
        Rule::from_plan_en | Rule::from_plan_kw_en => "if played from the plan zone, instead",
        Rule::power_word_en => "power",
        Rule::choose_act => "選び、",
        Rule::adjacent_me => "このカードと隣接するスクエアにある",
        Rule::same_line_me => "このカードと同じラインにある",
        Rule::other_kw => "他の",
        Rule::damaged_kw => "ダメージを受けている",
        Rule::entered_turn | Rule::entered_during => "このターンの間、",
        Rule::entered_how => "カードの効果で",
        Rule::entered_end => "スクエアに置かれた",
        Rule::opp_hand_look => "相手の手札を見て",
        Rule::card_wo => "カードを",
        Rule::opp_hand_all => "相手の手札にある全てのカードを",
        Rule::put_from | Rule::from_zones => "自分の手札か墓地にある",
        Rule::from_zone => "手札|墓地|プランゾーン",
        Rule::race_any | Rule::race_qname => "種族「…」の",
        Rule::empty_area | Rule::empty_of => "ユニットのない",
        Rule::area_name => "自軍エリア|中央エリア",
        Rule::square_of => "のスクエアに",
        Rule::place_end => "置く",
        Rule::reveal_random | Rule::opponent_picks => "相手はあなたの手札にあるカードを",
        Rule::cost_x_le => "使用コストX+N以下の",
        Rule::x_plus => "+",
        Rule::energy_redeal | Rule::er_all => "自分のエネルギーゾーンのすべてのカードを",
        Rule::er_back => "持ち主の山札に戻し",
        Rule::er_shuffle => "シャッフルする",
        Rule::er_top => "あなたの山札の上からX枚のカードを",
        Rule::er_put => "持ち主のエネルギーゾーンにリリースして置く",
        Rule::er_x => "Xはこの効果で山札に戻したカードの枚数と等しい",
        Rule::reveal_end => "公開する",
        Rule::on_stack => "スタックにある",
        Rule::counter_verb => "無効にする",
        Rule::adjacent_mod_en => "adjacent",
        _ => return None,
    })
}

/// The readable label of a clause rule, `None` for the other rules.
pub(crate) fn clause_label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::replacement | Rule::repl_jp | Rule::repl_who | Rule::repl_en | Rule::repl_if => {
            "a replacement このカードが|あなたのカードが|相手のカードが|カードが"
        }
        Rule::repl_event => "墓地に置かれる場合|スクエアから墓地に置かれる時|破壊される場合",
        Rule::instead_kw => "かわりに",
        Rule::repl_do | Rule::repl_zone => {
            "a zone リムーブゾーン|スマッシュゾーン|手札|デッキの上|デッキの下"
        }
        Rule::repl_verb => "に置く|に戻す|に加える|に置いてもよい|に戻してもよい",
        Rule::repl_remove => {
            "除外する|ゲームから除外する|ゲームから取り除く|ゲームから取り除いてよい"
        }
        Rule::if_done => "そうしたなら|そうした場合",
        Rule::repl_who_en => "this card|your card|an opponent's card|a card",
        Rule::would_en => "would go to the graveyard|would be destroyed",
        Rule::repl_do_en => "put it into …|return it to hand",
        Rule::may_en => "you may",
        Rule::it_kw => "it",
        Rule::instead_en => "instead",
        Rule::rule_replace | Rule::rule_forbid | Rule::this_turn => "このターン",
        Rule::rule_event => "墓地に置かれる|破壊される",
        Rule::rule_noun => "カード",
        Rule::play_noun => "ストラテジー|ユニット|ベース|カード",
        Rule::cannot_play => "プレイできない",
        Rule::rule_en | Rule::this_turn_en => "this turn",
        Rule::player_en => "opponent|you",
        Rule::cannot_en => "cannot play",
        Rule::play_noun_en => "strategies|units|bases|cards",
        Rule::delayed | Rule::delay_when => "次のあなたのターンの開始時|ターン終了時",
        Rule::delayed_en | Rule::delay_when_en => "at the start of your next turn|at end of turn",
        Rule::grant | Rule::grant_en | Rule::granted => "an ability in 『』",
        Rule::and_jp => "と",
        Rule::grant_printed | Rule::grant_chosen | Rule::grant_to | Rule::grant_the => {
            "以下の能力を与える"
        }
        Rule::grant_count | Rule::grant_tsu => "Nつの",
        Rule::grant_give => "能力を与える",
        // Read as what starts there: an ability, or after ★ a ★ phrase (labels.rs).
        Rule::grant_static => "an ability ○|★|◆|●",
        Rule::grant_group => "a ★ phrase あなたのユニットのパワー+1000|このカードは…",
        Rule::st_bare => "an ability in 『』",
        Rule::and_en => "and",
        Rule::control | Rule::control_end => "コントロールを得る",
        Rule::control_en | Rule::gain_control => "gain control of",
        Rule::counter_it | Rule::item_noun => "ストラテジー|移動|能力",
        Rule::counter_end => "の解決を失敗させる|を無効にする",
        Rule::counter_en | Rule::counter_kw => "counter",
        Rule::item_en => "strategy|move|ability",
        Rule::mill | Rule::you_own | Rule::deck_top_from | Rule::deck_top_take => "山札の上から",
        Rule::deck_top_one => "山札の一番上のカード",
        Rule::deck_top_cards => "のカード",
        Rule::deck_top_pause => "、",
        Rule::deck_top_owner => "持ち主の",
        Rule::deck_top_dest => "墓地|エネルギーゾーン|スマッシュゾーン|リムーブゾーンに置く",
        Rule::to_graveyard => "墓地に置く",
        Rule::to_energy => "エネルギーゾーンに置く",
        Rule::to_smash => "スマッシュゾーンに置く",
        Rule::to_remove => "リムーブゾーンに置く",
        Rule::mill_en | Rule::mill_kw => "mill",
        Rule::boost_gain | Rule::shi => "し",
        Rule::boost_gain_en => {
            "a duration until end of turn|until end of battle|until end of your next turn"
        }
        Rule::hexproof_kw => "『★ このカードは相手のカードの対象にならない。』",
        Rule::formation_named => "squares <a1+c1→b2>",
        Rule::sq_name => "a square a1–c3",
        Rule::arrow => "→",
        _ => return None,
    })
}
