//! Readable labels of the ★ and ☆ line rules, for "expected …" errors (see `labels.rs`).

use super::tree::Rule;

/// The readable label of a ★/☆ line rule, `None` for the other rules.
pub(crate) fn static_label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::static_line => "★",
        Rule::play_line | Rule::play_mark => "☆",
        Rule::st_group_line | Rule::st_group | Rule::st_group_line_en | Rule::st_group_en => {
            "cards such as 相手のユニット|同じラインのあなたのユニット"
        }
        Rule::st_cost_change | Rule::st_use_cost => "使用コストは",
        Rule::st_less_more => "少なくなる|多くなる",
        Rule::st_less_more_en => "less|more",
        Rule::st_takes => "が受けるダメージを",
        Rule::st_no_move => "このカードに隣接するスクエアに移動できない",
        Rule::st_cost_en => "costs",
        Rule::st_take_en => "take",
        Rule::st_no_move_en => "can't move next to this card",
        Rule::st_place | Rule::st_line_place | Rule::st_area_place => {
            "a place 同じラインにある|敵軍エリアのスクエアにある"
        }
        Rule::st_area => "an area 自軍エリア|中央エリア|敵軍エリア",
        Rule::st_square_at => "のスクエアにある",
        Rule::st_race | Rule::st_race_name => "a race メイデンの",
        Rule::st_place_en => "in this line|in own area|in centre area|in enemy area",
        Rule::st_this | Rule::st_this_kw => "このカードは",
        Rule::st_this_en | Rule::st_this_kw_en => "this card",
        Rule::st_no_damage | Rule::st_damage_source => "ストラテジー",
        Rule::st_no_damage_end => "から受けるダメージを受けない",
        Rule::st_untargetable | Rule::st_target_end => "カードの対象にならない",
        Rule::st_diagonal => "斜めに移動できる",
        Rule::st_own_smash => "自軍エリアからスマッシュできる",
        Rule::st_timing_here | Rule::st_timing_word => {
            "a timing バトルタイミング|クイックタイミング|ノーマルタイミング"
        }
        Rule::st_can_play => "でプレイできる",
        Rule::st_no_damage_en => "takes no damage from strategies",
        Rule::st_untargetable_en | Rule::st_target_by_en => "can't be targeted by",
        Rule::st_cards_en => "cards",
        Rule::st_diagonal_en => "can move diagonally",
        Rule::st_own_smash_en => "can smash from own area",
        Rule::st_timing_here_en | Rule::st_played_at_en => "can be played at",
        Rule::st_timing_kw_en => "timing",
        Rule::st_no_play | Rule::st_player => "あなたは|相手は",
        Rule::st_cannot_play => "プレイできない",
        Rule::st_no_play_en | Rule::st_player_en => "opponent|you",
        Rule::st_cant_play_en => "can't play",
        Rule::st_no_release => "あなたの|相手の",
        Rule::st_energy_at => "エネルギーゾーンにある",
        Rule::st_card_kind => "ユニットのカード|カード",
        Rule::st_release_end => "リリースフェイズにリリースされない",
        Rule::st_no_release_en => "own|opponent",
        Rule::st_in_energy_en => "in energy zone",
        Rule::st_not_released_en => "aren't released in their release phase",
        Rule::st_smash_loss | Rule::st_you => "あなたは",
        Rule::st_smash_cards => "スマッシュゾーンのカードが",
        Rule::st_until_lose => "枚になるまで敗北しない",
        Rule::st_smash_loss_en | Rule::st_dont_lose_en => "you don't lose until",
        Rule::st_smash_cards_en => "cards in smash zone",
        Rule::play_cost | Rule::play_this_cost => "このカードの使用コストは",
        Rule::play_timing => "このカードは",
        Rule::play_also => "でもプレイできる",
        Rule::play_cost_en | Rule::play_timing_en => "this card",
        Rule::play_also_en => "can also be played at",
        Rule::board_cond | Rule::cond_exists | Rule::cond_in_battle | Rule::cond_at_least => {
            "a condition バトルスペースに…がある|…がN体以上"
        }
        Rule::cond_is_there => "がある",
        Rule::cond_ga => "が",
        Rule::cond_or_more => "以上",
        Rule::cond_if => "なら",
        Rule::cond_if_en => "if",
        Rule::board_cond_en | Rule::cond_exists_en | Rule::cond_there_is_en => "there is",
        Rule::cond_at_least_en | Rule::cond_you_have_en => "there are",
        Rule::cond_or_more_en => "or more",
        Rule::self_static | Rule::self_part | Rule::this_card_no => "このカードのパワーを…",
        Rule::self_while | Rule::this_card_wa => "このカードは…にある限り",
        Rule::while_part | Rule::while_cond => "中央エリアのスクエアにある限り",
        Rule::while_kw => "限り",
        Rule::self_suru | Rule::set_ni_suru => "する|にする",
        Rule::per_count => "あなたの墓地のカードの枚数1枚につき",
        Rule::pc_cards => "カードの枚数",
        Rule::pc_each => "につき",
        Rule::play_set | Rule::set_cost_wo | Rule::set_cost_wa => "このカードの使用コストを…",
        Rule::set_paying => "あなたがこのカードをプレイするコストを支払うにあたり",
        Rule::set_that_cost => "そのコストを",
        Rule::set_ni_may => "にしてよい",
        Rule::cost_per | Rule::cp_playing => "このカードの使用コストを…",
        Rule::cp_cards => "にあるカード",
        Rule::cp_to_pay => "支払うべき使用コストを",
        Rule::cp_open => "[",
        Rule::cp_close => "]",
        Rule::cp_may => "してよい",
        Rule::set_timing_wo => "使用タイミングを",
        Rule::set_this_timing => "このカードの使用タイミングを",
        Rule::set_ni_shi => "にし",
        Rule::set_is => "である",
        Rule::card_cond | Rule::this_card_ga => {
            "a condition このカードが…|相手のスマッシュゾーンに…"
        }
        Rule::case_kw => "場合",
        Rule::this_area => "an area 中央エリアのスクエアにある",
        Rule::this_state => "フリーズ状態|リリース状態",
        Rule::this_zone | Rule::this_zone_at => "に置かれている",
        Rule::zone_count => "あなたの|相手の",
        Rule::play_forbid | Rule::zone_has => "…にカードがなければ、このカードをプレイできない",
        Rule::zone_compare => "…のカードの枚数が相手より少なければ",
        Rule::count_zone => "a zone スマッシュゾーン|墓地|エネルギーゾーン|リムーブゾーン|手札",
        Rule::zc_cards => "カードが",
        Rule::zc_aru => "ある",
        Rule::zone_act => "●",
        _ => return None,
    })
}
