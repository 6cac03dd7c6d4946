//! Parse errors: pest's expected rules turned into readable labels.

use super::labels_effect::{choice_label, clause_label, condition_label, effect_label};
use super::labels_static::static_label;
use super::tree::Rule;
use crate::error::DslError;
use crate::span::Span;
use pest::error::{ErrorVariant, InputLocation};

/// Turns a pest error into a [`DslError`] with readable expectations.
pub(crate) fn convert_error(text: &str, e: pest::error::Error<Rule>) -> DslError {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    match e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            DslError::expected_at(text, pos, labels(&positives))
        }
        ErrorVariant::CustomError { message } => DslError::new(Span::new(pos, pos), message),
    }
}

const KEYWORD_LABEL: &str = "a keyword 加速|速攻|隊列召喚|盟約|○○ゾーン効果";
const ABILITY_LABEL: &str = "an ability ○|★|◆|●";
const COST_START: [Rule; 5] = [
    Rule::colour,
    Rule::x,
    Rule::discard,
    Rule::freeze,
    Rule::free,
];

/// Readable labels for the rules pest expected, in grammar order (end of text last), without
/// duplicates.
///
/// pest reports a rule instead of its children when two or more of them failed at the rule's
/// start; such rules are expanded back to what can start them.
fn labels(positives: &[Rule]) -> Vec<String> {
    let at_line_start = positives
        .iter()
        .any(|r| matches!(r, Rule::line | Rule::accel | Rule::zone_effect));
    let at_ability_start = positives.iter().any(|r| {
        matches!(
            r,
            Rule::activated
                | Rule::act_mark
                | Rule::scripted
                | Rule::modifier
                | Rule::spell
                | Rule::static_line
                | Rule::play_line
        )
    });
    let mut rules = positives.to_vec();
    // Right after ★, the phrases of ★ lines (static_line.rs) read as one expectation.
    if positives.contains(&Rule::st_while) {
        rules.retain(|&r| !static_phrase_start(r));
        rules.push(Rule::st_while);
    }
    rules.sort_by_key(|r| (*r == Rule::EOI, *r as usize));
    let mut out: Vec<String> = Vec::new();
    let mut push = |l: &str| {
        if !out.iter().any(|o| o == l) {
            out.push(l.to_owned());
        }
    };
    for r in rules {
        match r {
            Rule::line => {
                push(KEYWORD_LABEL);
                push(ABILITY_LABEL);
            }
            Rule::cost_line | Rule::cost => COST_START.iter().for_each(|&c| push(label(c))),
            Rule::accel
            | Rule::haste
            | Rule::formation_kw
            | Rule::covenant_kw
            | Rule::zone_effect
            | Rule::zone_kw
            | Rule::zone_name
            | Rule::zone_ascii
                if at_line_start =>
            {
                push(KEYWORD_LABEL)
            }
            Rule::activated
            | Rule::act_mark
            | Rule::lbracket
            | Rule::scripted
            | Rule::static_mark
            | Rule::trigger_mark
            | Rule::modifier
            | Rule::stat
            | Rule::spell
            | Rule::spell_mark
            | Rule::triggered
            | Rule::replacement
            | Rule::repl_jp
            | Rule::repl_who
            | Rule::repl_en
            | Rule::repl_if
            | Rule::static_line
            | Rule::play_line
            | Rule::play_mark
                if at_ability_start =>
            {
                push(ABILITY_LABEL)
            }
            other => push(label(other)),
        }
    }
    out
}

/// Whether `r` can start the phrase of a ★ line after its mark.
fn static_phrase_start(r: Rule) -> bool {
    matches!(
        r,
        Rule::side
            | Rule::side_en
            | Rule::st_while
            | Rule::st_group_line
            | Rule::st_group_line_en
            | Rule::st_group
            | Rule::st_group_en
            | Rule::st_place
            | Rule::st_line_place
            | Rule::st_area_place
            | Rule::st_area
            | Rule::st_race
            | Rule::st_race_name
            | Rule::cost_le
            | Rule::cost_kw
            | Rule::race
            | Rule::race_open
            | Rule::race_kw
            | Rule::colour_of
            | Rule::colour_jp
            | Rule::noun
            | Rule::noun_en
            | Rule::cost_le_en
            | Rule::race_en
            | Rule::colour_en
            | Rule::st_this
            | Rule::st_this_kw
            | Rule::st_this_en
            | Rule::st_this_kw_en
            | Rule::st_no_play
            | Rule::st_player
            | Rule::st_no_play_en
            | Rule::st_player_en
            | Rule::st_no_release
            | Rule::st_no_release_en
            | Rule::st_smash_loss
            | Rule::st_you
            | Rule::st_smash_loss_en
            | Rule::st_dont_lose_en
    )
}

/// The readable label of one rule.
fn label(rule: Rule) -> &'static str {
    if rule == Rule::st_while {
        return "a ★ phrase あなたのユニットのパワー+1000|このカードは…";
    }
    if let Some(l) = effect_label(rule)
        .or_else(|| card_cost_label(rule))
        .or_else(|| choice_label(rule))
        .or_else(|| condition_label(rule))
        .or_else(|| clause_label(rule))
        .or_else(|| static_label(rule))
    {
        return l;
    }
    match rule {
        Rule::EOI => "end of text",
        Rule::free => "0",
        Rule::colour => "a colour 赤|黒|青|白|緑|無",
        Rule::amount => "a number",
        Rule::x => "X",
        Rule::discard => "廃棄",
        Rule::freeze | Rule::freeze_this => "フリーズ",
        Rule::lbracket => "[",
        Rule::rbracket => "]",
        Rule::accel => "加速",
        Rule::haste => "速攻",
        Rule::dash => "a dash ―",
        Rule::formation_kw => "隊列召喚",
        Rule::formation_kind => "a formation kind 縦列|横列|中央",
        Rule::covenant_kw => "盟約",
        Rule::langle => "<",
        Rule::rangle => ">",
        Rule::plus => "+",
        Rule::jp_open | Rule::ascii_quote => "a card name in 「」",
        Rule::jp_close => "」",
        Rule::jp_name | Rule::ascii_name => "a card name",
        Rule::zone_name | Rule::zone_ascii => {
            "a zone effect 墓地効果|手札効果|プランゾーン効果|エネルギーゾーン効果|スマッシュゾーン効果|リムーブゾーン効果"
        }
        Rule::zone_suffix => "効果",
        Rule::zone_open => "『",
        Rule::zone_close => "』",
        Rule::colon => ":",
        Rule::act_mark => "●",
        Rule::timing_open => "《",
        Rule::timing_close => "》",
        Rule::timing_word => "a timing ノーマル|クイック|バトル",
        Rule::static_mark => "★",
        Rule::trigger_mark => "◆",
        Rule::lua_prefix => "lua:",
        Rule::lua_name => "a Lua function name",
        Rule::stat => "パワー|スマッシュ",
        Rule::sign => "a sign +|-",
        Rule::lparen => "(",
        Rule::rparen => ")",
        Rule::in_kw => "in",
        Rule::place => {
            "an area or line 自軍エリア|中央エリア|敵軍エリア|左ライン|中央ライン|右ライン"
        }
        Rule::cost_line | Rule::cost | Rule::energy | Rule::lone_x | Rule::cost_bracket => "a cost",
        Rule::line => "a keyword or ability",
        Rule::formation => "隊列召喚",
        Rule::covenant => "盟約",
        Rule::covenant_zone => "●○○ゾーン効果『盟約―…』",
        Rule::card_name => "a card name in 「」",
        Rule::zone_effect | Rule::zone_kw => "a zone effect",
        Rule::activated => "●",
        Rule::timing => "《timing》",
        Rule::scripted => "★ or ◆",
        Rule::script_ref => "lua:",
        Rule::modifier => "パワー|スマッシュ",
        Rule::condition => "a condition (中央エリア)",
        // Silent rules never appear in errors; named for completeness.
        Rule::ws => "a space",
        Rule::digit => "a number",
        Rule::cost_term => "a cost",
        Rule::body => "a keyword or ability",
        Rule::ability => ABILITY_LABEL,
        _ => "an effect",
    }
}

/// The readable label of a card-cost rule, `None` for the other rules.
pub(crate) fn card_cost_label(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::act_cost | Rule::card_cost | Rule::cc_pick | Rule::cc_pick_en => {
            "a cost paid with cards, e.g. このカードを手札に戻す|手札を1枚捨てる"
        }
        Rule::cc_return_this => "このカードを手札に戻す",
        Rule::cc_discard_this => "手札にあるこのカードを捨てる",
        Rule::cc_return_this_en => "return this card to hand",
        Rule::cc_discard_this_en => "discard this card from hand",
        Rule::cc_other => "他の",
        Rule::cc_zone => "手札の|墓地の|スクエアにある",
        Rule::cc_noun => "カード|ユニット",
        Rule::cc_count => "a number or X",
        Rule::cc_choose => "選び、",
        Rule::opp_hand_at => "相手の手札にあるカードを",
        Rule::cc_verb => "除外する|捨てる|墓地に置く|廃棄する|フリーズする|手札に戻す",
        Rule::cc_verb_en => "remove|discard|sacrifice|freeze|return",
        Rule::cc_other_en => "other",
        Rule::cc_noun_en => "card|unit",
        Rule::from_kw => "from",
        Rule::cc_zone_en => "hand|graveyard|square",
        Rule::play_costs | Rule::extra_cost_kw => "追加コストとして",
        _ => return None,
    })
}
