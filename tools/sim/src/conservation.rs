//! Card conservation: every card is in exactly one zone, the zone its location names, owned by
//! the player whose zone lists it (R1.1: cards never leave the game); dimensions and phenomena
//! stay in the command zone, no player's (R19.8).

use dzero_core::{CardId, Game, Loc, Player, Zone};

/// The zones that partition a player's cards ([`Zone::Plan`] is part of the deck).
const ZONES: [Zone; 8] = [
    Zone::Deck,
    Zone::Hand,
    Zone::Graveyard,
    Zone::Energy,
    Zone::Smash,
    Zone::Remove,
    Zone::Field,
    Zone::Stack,
];

/// Checks that every card is in exactly one zone, the one its location names, that each player
/// owns `owned[p]` cards, and that the field lists exactly the cards in squares.
pub fn check_conservation(g: &Game, owned: [usize; 2]) -> Result<(), String> {
    let mut seen = vec![0u8; g.card_count()];
    for p in Player::BOTH {
        let mut count = 0;
        for z in ZONES {
            for c in g.zone(p, z) {
                seen[c.index()] = seen[c.index()].saturating_add(1);
                count += 1;
                let loc = g
                    .location(c)
                    .ok_or_else(|| format!("{c:?} has no location"))?;
                if loc.zone() != z {
                    return Err(format!("{c:?} listed in {z:?} but located at {loc:?}"));
                }
                if g.card_state(c).map(|s| s.owner) != Some(p) {
                    return Err(format!(
                        "{c:?} in {p}'s {z:?} but owned by the other player"
                    ));
                }
            }
        }
        if count != owned[p.index()] {
            return Err(format!(
                "{p} has {count} cards in zones, not {}",
                owned[p.index()]
            ));
        }
    }
    for c in g.planes().cards() {
        seen[c.index()] = seen[c.index()].saturating_add(1);
        if g.location(c) != Some(Loc::Command) {
            return Err(format!(
                "{c:?} is in the command zone but located elsewhere"
            ));
        }
    }
    if let Some(i) = seen.iter().position(|&n| n != 1) {
        return Err(format!("card {i} is in {} zones", seen[i]));
    }
    let on_field = g.field().len();
    let located = (0..g.card_count())
        .filter(|&i| matches!(g.location(CardId(i as u16)), Some(Loc::Square(_))))
        .count();
    if on_field != located {
        return Err(format!(
            "field lists {on_field} cards, {located} are in squares"
        ));
    }
    Ok(())
}

/// How many cards each player owns (the command zone's are no player's, R19.8).
pub fn owned(g: &Game) -> [usize; 2] {
    let mut n = [0; 2];
    for i in 0..g.card_count() {
        if let Some(s) = g.card_state(CardId(i as u16))
            && s.loc != Loc::Command
        {
            n[s.owner.index()] += 1;
        }
    }
    n
}
