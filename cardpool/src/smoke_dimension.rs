//! Smoke play of the dimension deck's cards (R19): a dimension is opened as the active
//! dimension and the die is rolled C then P; a phenomenon or shuffle card lies under the
//! opening dimension and is turned face up by a rolled P. Every choice takes its first option.

use dzero_core::{Action, CardDb, CardDef, CardKind, DefId, DieFace, Game, RuleSet, Use};

/// The dimension deck (bottom first) smoke play opens with `card` of type `kind` in it, and
/// the faces the die shows: a dimension on top, rolled C (its C abilities) then P (it leaves);
/// anything else under the `helper` dimension, turned face up by P.
pub(crate) fn deck_and_rolls(
    helper: DefId,
    card: DefId,
    kind: CardKind,
) -> (Vec<DefId>, Vec<DieFace>) {
    match kind {
        CardKind::Dimension => (vec![helper, card], vec![DieFace::C, DieFace::P, DieFace::C]),
        _ => (
            vec![helper, card, helper],
            vec![DieFace::P, DieFace::C, DieFace::P],
        ),
    }
}

/// The helper dimension of smoke play, without abilities.
pub(crate) fn helper() -> CardDef {
    CardDef::new("(smoke dimension)", CardKind::Dimension)
}

/// The rule set smoke play of a dimension-deck card uses: the set's own when it has a
/// dimension deck, else 次元戦.
pub(crate) fn rules_for(set_rules: RuleSet) -> RuleSet {
    if set_rules.modules.dimension_deck {
        set_rules
    } else {
        RuleSet::DIMENSION_WAR
    }
}

/// Rolls the die `rolls` times while a roll is legal, each time playing on with `run` until
/// nothing is pending; how many rolls were made.
pub(crate) fn roll_all(
    db: &CardDb,
    g: &mut Game,
    rolls: usize,
    run: impl Fn(&mut Game, Action) -> Result<(), String>,
) -> Result<usize, String> {
    let mut done = 0;
    for _ in 0..rolls {
        if g.result().is_some() {
            break;
        }
        let mut legal = Vec::new();
        g.legal_actions(db, &mut legal);
        let Some(roll) = legal
            .into_iter()
            .find(|a| matches!(a, Action::Announce(Use::Roll)))
        else {
            break;
        };
        run(g, roll)?;
        done += 1;
    }
    Ok(done)
}
