//! How a line, its abilities and their effect bodies print back as canonical Japanese card
//! text; parsing the text gives the same tree again (spans aside).

use super::ability::{
    AbilityLine, Action, Clause, DeckTopDest, EffectBody, EffectSource, Gift, Replacement,
    TriggeredLine,
};
use super::clause_terms::{DelayWhen, ItemNoun, ReplWho, write_instead};
use super::effect_terms::{Discard, PutFrom};
use super::line::{Line, SpellLine};
use super::modifier::Stat;
use super::script::ScriptKind;
use super::subject::{Choice, Filter, Noun, noun_text, write_filters};
use super::trigger::When;
use dzero_core::{CardKind, Cost, Side, Timing};
use std::fmt;

/// The canonical Japanese spelling of a line; parsing it gives the same line (spans aside).
impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Accel(_) => f.write_str("加速"),
            Line::Haste(_) => f.write_str("速攻"),
            Line::Formation(x) => write!(f, "隊列召喚―{}[{}]", x.title(), x.cost),
            Line::Covenant(x) => match x.wrapper {
                None => write!(f, "盟約―<{}+{}>[{}]", x.a, x.b, x.cost),
                Some(w) => write!(
                    f,
                    "●{}『盟約―<{}+{}>[{}]』《{}》",
                    w.zone.keyword(),
                    x.a,
                    x.b,
                    x.cost,
                    timing_word(w.timing)
                ),
            },
            Line::Zone(z) => write!(f, "{}『{}』", z.zone.keyword(), z.ability),
            Line::Spell(s) => write!(f, "{s}"),
            Line::Ability(a) => write!(f, "{a}"),
            Line::PlayCosts(c) => write!(f, "{c}"),
        }
    }
}

impl fmt::Display for AbilityLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AbilityLine::Modifier(m) => {
                let stat = match m.stat {
                    Stat::Power => "パワー",
                    Stat::Smash => "スマッシュ",
                };
                let sign = if m.delta < 0 { '-' } else { '+' };
                write!(f, "★ {stat}{sign}{}", m.delta.unsigned_abs())?;
                match m.condition {
                    Some(c) => write!(f, " ({})", c.place),
                    None => Ok(()),
                }
            }
            AbilityLine::Activated(a) => {
                f.write_str("● [")?;
                // Only cards pay: the free energy cost is not written.
                if a.card_costs.is_empty() || a.cost.cost != Cost::FREE {
                    write!(f, "{}", a.cost)?;
                }
                for (i, c) in a.card_costs.iter().enumerate() {
                    let gap = i > 0 || a.cost.cost != Cost::FREE;
                    write!(f, "{}{c}", if gap { " " } else { "" })?;
                }
                write!(f, "]《{}》 {}", timing_word(a.timing), a.effect)
            }
            AbilityLine::Scripted(s) => {
                let mark = match s.kind {
                    ScriptKind::Static => '★',
                    ScriptKind::Triggered => '◆',
                };
                write!(f, "{mark} lua:{}", s.script.name)
            }
            AbilityLine::Triggered(t) => write!(f, "{t}"),
            AbilityLine::Replacement(r) => write!(f, "{r}"),
            AbilityLine::Static(s) => write!(f, "{s}"),
            AbilityLine::Play(p) => write!(f, "{p}"),
            AbilityLine::SelfStatic(s) => write!(f, "{s}"),
            AbilityLine::PlaySet(p) => write!(f, "{p}"),
            AbilityLine::CostPer(c) => write!(f, "{c}"),
            AbilityLine::PlayForbid(p) => write!(f, "{p}"),
            AbilityLine::GroupGrant(g) => {
                write!(f, "★ {}に以下の", g.group)?;
                if g.abilities.len() > 1 {
                    write!(f, "{}つの", g.abilities.len())?;
                }
                f.write_str("能力を与える。")?;
                g.abilities.iter().try_for_each(|a| write!(f, "『{a}』"))
            }
        }
    }
}

/// The Japanese name of a timing.
fn timing_word(t: Timing) -> &'static str {
    match t {
        Timing::Normal => "ノーマル",
        Timing::Quick => "クイック",
        Timing::Battle => "バトル",
    }
}

impl fmt::Display for EffectSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EffectSource::Lua(s) => write!(f, "lua:{}", s.name),
            EffectSource::Text(b) => write!(f, "{b}"),
        }
    }
}

impl fmt::Display for TriggeredLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.when {
            When::DSwitch => write!(f, "{}{}", self.when, self.body),
            _ => write!(f, "◆ {}、{}", self.when, self.body),
        }
    }
}

impl fmt::Display for SpellLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.marked {
            write!(f, "○ {}", self.body)
        } else {
            write!(f, "{}", self.body)
        }
    }
}

/// Canonical Japanese: every sentence ends with 。.
impl fmt::Display for EffectBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.steps {
            write!(f, "{}。", s.action)?;
        }
        Ok(())
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(r) = write_choice(self, f).or_else(|| write_condition(self, f)) {
            return r;
        }
        match self {
            Action::May(a) => f.write_str(&may_form(&a.to_string())),
            Action::IfDone(a) => write!(f, "そうしたなら、{a}"),
            Action::If(c, a) => write!(f, "{c}ならば、{a}"),
            Action::Draw(n) => write!(f, "カードを{n}枚引く"),
            Action::RevealRandom(n) => {
                write!(
                    f,
                    "相手はあなたの手札にあるカードをランダムに{n}枚選び、公開する"
                )
            }
            Action::ShuffleDimensionDeck => f.write_str("次元デッキを切り直す"),
            Action::EnergyThroughDeck => f.write_str(
                "あなたは自分のエネルギーゾーンのすべてのカードを持ち主の山札に戻し、シャッフルする。あなたの山札の上からX枚のカードを持ち主のエネルギーゾーンにリリースして置く。Xはこの効果で山札に戻したカードの枚数と等しい",
            ),
            Action::Discard(d) => {
                let who = if d.opponent { "相手は" } else { "" };
                let n = d.count;
                if d.count == Discard::ALL {
                    return f.write_str("あなたは相手の手札にある全てのカードを捨てる");
                }
                if d.look {
                    return write!(f, "あなたは相手の手札を見て、カードを{n}枚選んで捨てる");
                }
                match (d.random, d.opponent) {
                    (true, _) => write!(f, "{who}手札をランダムに{n}枚捨てる"),
                    (false, true) => write!(f, "{who}手札を{n}枚選んで捨てる"),
                    (false, false) => write!(f, "手札を{n}枚捨てる"),
                }
            }
            Action::Damage(s, n) => write!(f, "{s}に{n}ダメージを与える"),
            Action::Destroy(s) => write!(f, "{s}を破壊する"),
            Action::ReturnToHand(s) => write!(f, "{s}を持ち主の手札に戻す"),
            Action::Put(s, d) => write!(f, "{s}を持ち主の{}に{}置く", d.text(), d.state()),
            Action::Search(x) => {
                f.write_str("デッキから")?;
                write_filters(f, &x.filters)?;
                f.write_str(noun_text(Noun::Card(x.kind)))?;
                write!(f, "を{}枚選んで手札に加え、デッキをシャッフルする", x.count)
            }
            Action::Move(s) => write!(f, "{s}を隣接するスクエアに移動する"),
            Action::MoveTo(s, m) => write!(f, "{s}を{m}"),
            Action::PutIntoSquare(s, frozen) => {
                let state = if *frozen {
                    "フリーズ"
                } else {
                    "リリース"
                };
                write!(f, "{s}を{state}状態でスクエアに置く")
            }
            Action::Freeze(s) => write!(f, "{s}をフリーズする"),
            Action::Release(s) => write!(f, "{s}をリリースする"),
            Action::Boost(u, s, stat, d) => {
                let stat = match stat {
                    Stat::Power => "パワー",
                    Stat::Smash => "スマッシュ",
                };
                let sign = if *d < 0 { '-' } else { '+' };
                if s.mode == Choice::Same {
                    return write!(f, "{u}、その{stat}を{sign}{}する", d.unsigned_abs());
                }
                write!(f, "{u}、{s}の{stat}を{sign}{}する", d.unsigned_abs())
            }
            Action::BoostX(u, s, stat, per) => {
                let stat = match stat {
                    Stat::Power => "パワー",
                    Stat::Smash => "スマッシュ",
                };
                let sign = if *per < 0 { '-' } else { '+' };
                let zeros = if per.unsigned_abs() == 1000 {
                    "000"
                } else {
                    ""
                };
                write!(f, "{s}の{stat}を{u}{sign}X{zeros}する")
            }
            Action::PutFromHand(_)
            | Action::PutFrom(_)
            | Action::PlayerDiscards(_)
            | Action::SquareDamage(_)
            | Action::IfTarget(_)
            | Action::FromPlan(..) => Ok(()),
            Action::Gain(u, s, k) => write!(f, "{u}、{s}は{}を得る", k.text()),
            Action::Clause(c) => write!(f, "{c}"),
        }
    }
}

/// Canonical Japanese of the sentences that choose beyond the cards in squares, `None` for
/// the other sentences.
fn write_choice(a: &Action, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
    Some(match a {
        Action::PutFromHand(h) => {
            let noun = match h.kind {
                Some(CardKind::Unit) => "ユニットカード",
                Some(CardKind::Strategy) => "ストラテジーカード",
                Some(CardKind::Base) => "ベースカード",
                Some(CardKind::Dimension) => "次元カード",
                Some(CardKind::Phenomenon) => "現象カード",
                Some(CardKind::ShuffleCard) => "シャッフルカード",
                None => "カード",
            };
            write!(
                f,
                "あなたの手札の{noun}{}枚を選び、{}に置く",
                h.count,
                h.dest.text()
            )
        }
        Action::PlayerDiscards(n) => write!(f, "対象のプレイヤーは自分の手札を{n}枚選び、捨てる"),
        Action::PutFrom(p) => write_put_from(f, p),
        Action::SquareDamage(d) => {
            let side = match d.side {
                Some(Side::Own) => "あなたの",
                Some(Side::Opponent) => "相手の",
                _ => "",
            };
            write!(
                f,
                "対象のバトルスクエアにいる{side}ユニットに{}ダメージを与える",
                d.amount
            )
        }
        _ => return None,
    })
}

/// Canonical Japanese of the effect-level conditions, `None` for the other sentences.
fn write_condition(a: &Action, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
    Some(match a {
        Action::IfTarget(c) => (|| {
            write!(f, "{}の", c.subject)?;
            match c.test {
                Filter::PowerAtMost(n) => write!(f, "パワーが{n}以下")?,
                Filter::CostAtMost(n) => write!(f, "使用コストが{n}以下")?,
                _ => {}
            }
            write!(f, "なら{}", c.then)?;
            match c.otherwise {
                Some(o) => write!(f, "。そうでなければ{o}"),
                None => Ok(()),
            }
        })(),
        Action::FromPlan(a, b) => write!(f, "{a}。プランゾーンからプレイした場合は代わりに{b}"),
        _ => return None,
    })
}

/// The printed form of a sentence made optional: its verb in the 〜てもよい form.
fn may_form(sentence: &str) -> String {
    const FORMS: [(&str, &str); 7] = [
        ("引く", "引いてもよい"),
        ("捨てる", "捨ててもよい"),
        ("与える", "与えてもよい"),
        ("戻す", "戻してもよい"),
        ("置く", "置いてもよい"),
        ("させる", "してもよい"),
        ("する", "してもよい"),
    ];
    for (plain, may) in FORMS {
        if let Some(stem) = sentence.strip_suffix(plain) {
            return format!("{stem}{may}");
        }
    }
    sentence.to_owned()
}

impl fmt::Display for Gift {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gift::Keyword(k) => f.write_str(k.text()),
            Gift::Abilities(abilities) => write_abilities(f, abilities),
        }
    }
}

/// 『…』と『…』.
fn write_abilities(f: &mut fmt::Formatter<'_>, abilities: &[AbilityLine]) -> fmt::Result {
    for (i, a) in abilities.iter().enumerate() {
        if i > 0 {
            f.write_str("と")?;
        }
        write!(f, "『{a}』")?;
    }
    Ok(())
}

/// Canonical Japanese: `★ このカードが破壊される場合、かわりに手札に戻してもよい。そうしたなら、…。`
impl fmt::Display for Replacement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.who {
            ReplWho::This => "このカード",
            ReplWho::Own => "あなたのカード",
            ReplWho::Opponent => "相手のカード",
            ReplWho::Any => "カード",
        };
        write!(f, "★ {who}が{}場合、", self.event)?;
        write_instead(f, self.instead, self.optional)?;
        f.write_str("。")?;
        match &self.payoff {
            Some(p) => write!(f, "そうしたなら、{p}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clause::RuleReplace(r) => {
                let side = match r.who {
                    ReplWho::Own => "あなたの",
                    ReplWho::Opponent => "相手の",
                    ReplWho::This | ReplWho::Any => "",
                };
                write!(f, "このターン、{side}{}カードは", r.event)?;
                write_instead(f, r.instead, false)
            }
            Clause::RuleForbid(x) => {
                let who = if x.opponent { "相手" } else { "あなた" };
                let what = match x.kind {
                    Some(CardKind::Strategy) => "ストラテジー",
                    Some(CardKind::Unit) => "ユニット",
                    Some(CardKind::Base) => "ベース",
                    Some(CardKind::Dimension) => "次元",
                    Some(CardKind::Phenomenon) => "現象",
                    Some(CardKind::ShuffleCard) => "シャッフルカード",
                    None => "カード",
                };
                write!(f, "このターン、{who}は{what}をプレイできない")
            }
            Clause::Delayed(w, step) => {
                let when = match w {
                    DelayWhen::YourNextTurn => "次のあなたのターンの開始時",
                    DelayWhen::EndOfTurn => "ターン終了時",
                };
                write!(f, "{when}、{}", step.action)
            }
            Clause::Grant(u, s, abilities) => {
                // その…: a replacement given to the unit chosen before, as printed (A64)
                if let (Choice::Same, [AbilityLine::Replacement(r)]) =
                    (s.mode, abilities.as_slice())
                {
                    write!(f, "{u}、その{}が{}場合、", noun_text(s.noun), r.event)?;
                    return write_instead(f, r.instead, false);
                }
                write!(f, "{u}、{s}は")?;
                write_abilities(f, abilities)?;
                f.write_str("を得る")
            }
            Clause::BoostGain(u, s, stat, d, gift) => {
                let stat = match stat {
                    Stat::Power => "パワー",
                    Stat::Smash => "スマッシュ",
                };
                let sign = if *d < 0 { '-' } else { '+' };
                write!(
                    f,
                    "{u}、{s}の{stat}を{sign}{}し、{gift}を得る",
                    d.unsigned_abs()
                )
            }
            Clause::Control(u, s) => write!(f, "{u}、{s}のコントロールを得る"),
            Clause::Counter(noun, true) => {
                let (noun, verb) = match noun {
                    ItemNoun::Strategy => ("ストラテジー", "解決を失敗させる"),
                    ItemNoun::Move => ("移動", "無効にする"),
                    ItemNoun::Ability => ("能力", "無効にする"),
                };
                write!(f, "あなたはスタックにある対象の{noun}を1つまで選び、{verb}")
            }
            Clause::Counter(ItemNoun::Strategy, false) => {
                f.write_str("対象のストラテジー1枚の解決を失敗させる")
            }
            Clause::Counter(ItemNoun::Move, false) => f.write_str("対象の移動を無効にする"),
            Clause::Counter(ItemNoun::Ability, false) => f.write_str("対象の能力を無効にする"),
            Clause::Mill(n, dest) => {
                let to = match dest {
                    DeckTopDest::Graveyard => "墓地に置く",
                    DeckTopDest::Energy => "エネルギーゾーンに置く",
                    DeckTopDest::Smash => "スマッシュゾーンに置く",
                    DeckTopDest::Remove => "リムーブゾーンに置く",
                };
                write!(f, "あなたの山札の上から{n}枚を{to}")
            }
        }
    }
}

/// あなたは自分の…にある…ユニットをN枚(まで)選び、…スクエアに…状態で置く.
fn write_put_from(f: &mut fmt::Formatter<'_>, p: &PutFrom) -> fmt::Result {
    let zones: Vec<&str> = p.zones.iter().map(|z| z.text()).collect();
    write!(f, "あなたは自分の{}にある", zones.join("か"))?;
    if p.target {
        f.write_str("対象の")?;
    }
    write_filters(f, &p.filters)?;
    match p.cost_at_most_x_plus {
        Some(0) => f.write_str("使用コストX以下の")?,
        Some(n) => write!(f, "使用コストX+{n}以下の")?,
        None => {}
    }
    write!(
        f,
        "ユニットを{}枚{}選び、ユニットのない自軍エリア{}のスクエアに{}{}状態で置く",
        p.count,
        if p.up_to { "まで" } else { "" },
        if p.centre { "か中央エリア" } else { "" },
        if p.bind {
            "このカードを結合し"
        } else {
            ""
        },
        if p.frozen {
            "フリーズ"
        } else {
            "リリース"
        }
    )
}
