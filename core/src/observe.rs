//! Per-seat views: the state and the events as one player may see them (R1.5, R1.6, A29).
//!
//! Face-up cards (squares, graveyards, energy and remove zones, the stack, the plan card) are
//! shown with their ids; the seat's own hand is shown; everything face down (decks, smash zones)
//! and the opponent's hand appear only as counts or id-less placeholders, so no hidden card can
//! be correlated later through its [`CardId`].

use crate::card::CardDb;
use crate::model::card_kind::Keywords;
use crate::model::dimension::Pos;
use crate::model::events::{Event, ItemTag};
use crate::model::ids::{CardId, DefId, Player};
use crate::model::phase::{GameResult, Phase};
use crate::model::question::ChoiceOption;
use crate::model::question::Question;
use crate::model::target::{ItemId, Target};
use crate::model::zone::Loc;
use crate::query::Query;
use crate::state::{Battle, ChoiceKind, Game, ItemKind};
use serde::{Deserialize, Serialize};

/// Everything one seat may see of a duel.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Observation {
    /// The player this view is for.
    pub seat: Player,
    /// Turn number, from 1.
    pub turn: u32,
    /// Current phase.
    pub phase: Phase,
    /// The active player.
    pub active: Player,
    /// Who holds priority, if anyone.
    pub priority: Option<Player>,
    /// How the duel ended, if it did.
    pub result: Option<GameResult>,
    /// Both players' zones, seat order.
    pub players: [SeenZones; 2],
    /// Cards in squares, in arrival order.
    pub field: Vec<SeenCard>,
    /// Levels of play, the current one last: lower stacks are pending stacks (R11.4).
    pub frames: Vec<SeenFrame>,
    /// The pending choice, in full only when it is the seat's.
    pub choice: Option<SeenChoice>,
    /// Triggered ◆ abilities waiting to go on the stack at the next priority (R17.2, R17.12),
    /// in the order they triggered.
    pub waiting: Vec<SeenTrigger>,
    /// The command zone of 次元戦 / 次元探索戦 (R19.8); none without a dimension deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<SeenPlanes>,
    /// The seat's own announcement in progress and the pieces chosen so far (docs/design.md §7);
    /// another seat's is never shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub announcement: Option<crate::model::announcement::Announcement>,
}

/// The command zone as every seat sees it: the dimension deck face down, the face-up cards.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeenPlanes {
    /// Cards in the dimension deck.
    pub deck: usize,
    /// 次元戦: the face-up card on top of the dimension deck.
    pub up: Option<SeenCard>,
    /// 次元探索戦: the face-up cards of the cross by position.
    pub cross: Vec<(Pos, SeenCard)>,
    /// 次元探索戦: the token's position.
    pub token: Option<Pos>,
    /// The active dimension (R19.10, R19.17).
    pub active: Option<CardId>,
    /// Rolls of the die this turn (R19.11).
    pub rolls: u8,
}

/// A triggered ability waiting to go on the stack, as the seat sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeenTrigger {
    /// The card, if the seat may see it.
    pub card: Option<CardId>,
    /// The ability's index in the card's definition, if the seat may see the card.
    pub ability: Option<u8>,
    /// Who controls it.
    pub controller: Player,
    /// Its triggering event, as the seat sees it.
    pub event: SeenEvent,
}

/// One player's zones as the seat sees them.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeenZones {
    /// Cards in the deck (face down, R1.5), the plan card included.
    pub deck: usize,
    /// Cards in hand.
    pub hand_count: usize,
    /// The hand's cards: only for the seat's own hand (A29).
    pub hand: Option<Vec<SeenCard>>,
    /// Cards of another player's hand shown to the seat (「公開する」, A47), in hand order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<SeenCard>,
    /// 墓地, top last.
    pub graveyard: Vec<SeenCard>,
    /// エネルギーゾーン.
    pub energy: Vec<SeenCard>,
    /// スマッシュゾーン: face down for both players (R1.6, R12.2), so no identities.
    pub smash: Vec<HiddenCard>,
    /// リムーブゾーン.
    pub remove: Vec<SeenCard>,
    /// The face-up plan card (R9.1), seen by both players.
    pub plan: Option<SeenCard>,
}

/// A face-up card.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeenCard {
    /// Its id.
    pub id: CardId,
    /// Its definition.
    pub def: DefId,
    /// Its owner.
    pub owner: Player,
    /// Where it is.
    pub loc: Loc,
    /// Frozen rather than released.
    pub frozen: bool,
    /// Current values, for cards in squares.
    pub stats: Option<Stats>,
}

/// A unit's or base's current values in its square.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Stats {
    /// Its controller.
    pub controller: Player,
    /// Current power.
    pub power: i32,
    /// Current smash.
    pub smash: i32,
    /// Accumulated damage.
    pub damage: i32,
    /// Current keywords.
    pub keywords: Keywords,
}

/// A face-down card: no id, only what can be seen of its back.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct HiddenCard {
    /// Turned sideways (frozen to pay a cost, R5.3).
    pub frozen: bool,
}

/// One level of play as the seat sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeenFrame {
    /// Items, top last.
    pub stack: Vec<SeenItem>,
    /// Who holds priority at this level.
    pub priority: Player,
    /// The battle, for battle frames (its units are in squares, so public).
    pub battle: Option<Battle>,
}

/// A stack item as the seat sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeenItem {
    /// Its identity.
    pub id: ItemId,
    /// Who controls it.
    pub controller: Player,
    /// Its kind.
    pub tag: ItemTag,
    /// The card it came from, if it is visible.
    pub card: Option<CardId>,
    /// The targets, each as the seat sees it.
    pub targets: Vec<SeenTarget>,
    /// The chosen X.
    pub x: u8,
    /// For a ◆: its triggering event, as the seat sees it.
    pub event: Option<SeenEvent>,
}

/// A target as the seat sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum SeenTarget {
    /// A visible target.
    Shown(Target),
    /// A card in a place the seat cannot see.
    Hidden,
}

/// The pending choice as the seat sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum SeenChoice {
    /// The seat chooses: everything it is offered.
    Yours {
        /// Why.
        kind: ChoiceKind,
        /// What is asked; cards the seat may not see named by place ([`CardId::at_place`]).
        question: Question,
        /// The options; a card hidden from the seat by place, unless the choice shows it (an
        /// effect's choice among cards of a deck or hand, the R1.7 order of the seat's own
        /// cards); a face-down smash card always by place (R1.6). The answer is an index.
        options: Vec<ChoiceOption>,
    },
    /// The other player chooses.
    Theirs {
        /// Who chooses.
        player: Player,
        /// Why.
        kind: ChoiceKind,
    },
}

/// An event as one seat sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum SeenEvent {
    /// The event as it happened: everything in it is visible to the seat.
    Shown(Event),
    /// A player drew a card the seat may not see.
    Drew {
        /// Who drew.
        player: Player,
    },
    /// A card moved between two places the seat cannot see into.
    Moved {
        /// Its owner.
        owner: Player,
        /// Where it was.
        from: Loc,
        /// Where it is.
        to: Loc,
    },
    /// Something happened to a card the seat cannot see (frozen in a smash zone, triggered in
    /// a hand): only whose card it was.
    Unseen {
        /// The card's owner.
        owner: Player,
    },
}

/// Whether `seat` may see the identity of a card owned by `owner` at `loc` (R1.6, A29).
fn loc_visible(seat: Player, owner: Player, loc: Loc) -> bool {
    match loc {
        // The command zone's face-up cards are seen through `Game::visible_to`.
        Loc::Deck | Loc::Smash | Loc::Command => false,
        Loc::Hand => owner == seat,
        Loc::Graveyard
        | Loc::Energy
        | Loc::Remove
        | Loc::Square(_)
        | Loc::Stack
        | Loc::Bound(_) => true,
    }
}

impl Game {
    /// Whether `seat` may see `card` now: face up, in its own hand, or the face-up plan card.
    pub fn visible_to(&self, seat: Player, card: CardId) -> bool {
        let c = self.card(card);
        loc_visible(seat, c.owner, c.loc)
            || (c.loc == Loc::Hand && c.shown & (1 << seat.index()) != 0)
            || self.zones[c.owner.index()].plan() == Some(card)
            || (c.loc == Loc::Command && self.planes.face_up(card))
    }

    /// The duel as `seat` may see it (R1.5, R1.6, A29).
    pub fn observe(&self, db: &CardDb, seat: Player) -> Observation {
        let view = Query::new(self, db);
        let seen = |id: CardId| self.seen_card(&view, id);
        let zones = |p: Player| {
            let z = &self.zones[p.index()];
            SeenZones {
                deck: z.deck().len(),
                hand_count: z.hand().len(),
                hand: (p == seat).then(|| z.hand().iter().map(|&c| seen(c)).collect()),
                shown: if p == seat {
                    Vec::new()
                } else {
                    z.hand()
                        .iter()
                        .filter(|&&c| self.visible_to(seat, c))
                        .map(|&c| seen(c))
                        .collect()
                },
                graveyard: z.graveyard().iter().map(|&c| seen(c)).collect(),
                energy: z.energy().iter().map(|&c| seen(c)).collect(),
                smash: z
                    .smash()
                    .iter()
                    .map(|&c| HiddenCard {
                        frozen: self.card(c).frozen,
                    })
                    .collect(),
                remove: z.remove().iter().map(|&c| seen(c)).collect(),
                plan: z.plan().map(seen),
            }
        };
        let frames = self
            .frames
            .iter()
            .map(|f| SeenFrame {
                stack: f.stack.iter().map(|i| self.seen_item(seat, i)).collect(),
                priority: f.priority,
                battle: f.battle.clone(),
            })
            .collect();
        let choice = self.choice.as_ref().map(|c| {
            if c.player == seat {
                SeenChoice::Yours {
                    kind: c.kind,
                    question: self.question_for(seat, &c.question),
                    options: c
                        .options
                        .iter()
                        .map(|o| self.option_for(seat, c.kind, o))
                        .collect(),
                }
            } else {
                SeenChoice::Theirs {
                    player: c.player,
                    kind: c.kind,
                }
            }
        });
        let planes = &self.planes;
        let command = (!planes.is_empty()).then(|| SeenPlanes {
            deck: planes.deck.len(),
            up: planes.up.map(seen),
            cross: planes.cross.iter().map(|&(p, c)| (p, seen(c))).collect(),
            token: self
                .rules
                .modules
                .exploration_layout
                .then_some(planes.token),
            active: self.active_dimension(),
            rolls: planes.rolls,
        });
        Observation {
            command,
            announcement: self
                .announcement
                .as_ref()
                .filter(|a| a.player == seat)
                .map(|a| self.announcement_for(seat, a)),
            seat,
            turn: self.turn,
            phase: self.phase,
            active: self.active,
            priority: self.priority(),
            result: self.result,
            players: [zones(Player::One), zones(Player::Two)],
            field: self.field.iter().map(|&c| seen(c)).collect(),
            frames,
            choice,
            waiting: self
                .waiting
                .iter()
                .map(|w| {
                    let shown = self.visible_to(seat, w.card);
                    SeenTrigger {
                        card: shown.then_some(w.card),
                        ability: shown.then_some(w.ability.index),
                        controller: w.controller,
                        event: self.observe_event(seat, &w.event),
                    }
                })
                .collect(),
        }
    }

    /// The events of the last [`Game::apply`] as `seat` may see them.
    pub fn observe_events(&self, seat: Player) -> Vec<SeenEvent> {
        self.events
            .iter()
            .map(|e| self.observe_event(seat, e))
            .collect()
    }

    /// One event as `seat` may see it: a card's identity only where the seat may see it (R1.6).
    /// A move shows the card when it left or reached a visible place; other events show it when
    /// it is visible now.
    pub fn observe_event(&self, seat: Player, event: &Event) -> SeenEvent {
        let hidden = |c: CardId| !self.visible_to(seat, c);
        let owner = |c: CardId| self.card(c).owner;
        match *event {
            Event::Drew { player, .. } if player != seat => SeenEvent::Drew { player },
            Event::Moved {
                card,
                from,
                to,
                arrival,
            } => {
                let o = owner(card);
                let from_plan = arrival.from == crate::model::zone::Zone::Plan;
                if from_plan || loc_visible(seat, o, from) || loc_visible(seat, o, to) {
                    SeenEvent::Shown(*event)
                } else {
                    SeenEvent::Moved { owner: o, from, to }
                }
            }
            Event::Frozen { card }
            | Event::Released { card }
            | Event::Triggered { card }
            | Event::TriggerVoided { card }
            | Event::Damaged { card, .. }
            | Event::PlanOpened { card, .. }
            | Event::PlanClosed { card, .. }
            | Event::Stacked {
                card: Some(card), ..
            }
            | Event::Resolved {
                card: Some(card), ..
            }
            | Event::Countered {
                card: Some(card), ..
            }
            | Event::EffectFailed {
                card: Some(card), ..
            }
            | Event::HandShown { card, .. }
                if hidden(card) =>
            {
                SeenEvent::Unseen { owner: owner(card) }
            }
            Event::Targeted {
                target: Target::Card(card),
                ..
            } if hidden(card) => SeenEvent::Unseen { owner: owner(card) },
            _ => SeenEvent::Shown(*event),
        }
    }

    fn seen_card(&self, view: &Query<'_>, id: CardId) -> SeenCard {
        let c = self.card(id);
        let stats = c.loc.square().map(|_| Stats {
            controller: view.controller(id),
            power: view.power(id),
            smash: view.smash(id),
            damage: c.damage,
            keywords: view.keywords(id),
        });
        SeenCard {
            id,
            def: c.def,
            owner: c.owner,
            loc: c.loc,
            frozen: c.frozen,
            stats,
        }
    }

    fn seen_item(&self, seat: Player, item: &crate::state::StackItem) -> SeenItem {
        let (tag, card, event) = match &item.kind {
            ItemKind::Play { card, .. } => (ItemTag::Play, Some(*card), None),
            ItemKind::CreatePlan => (ItemTag::CreatePlan, None, None),
            ItemKind::Roll => (ItemTag::Roll, None, None),
            ItemKind::UpdatePlan { plan } => (ItemTag::UpdatePlan, Some(plan.card), None),
            ItemKind::Move { unit, .. } => (ItemTag::Move, Some(unit.card), None),
            ItemKind::Activated { card, .. } => (ItemTag::Activated, Some(*card), None),
            ItemKind::Triggered { card, event, .. } => (
                ItemTag::Triggered,
                Some(*card),
                Some(self.observe_event(seat, event)),
            ),
            ItemKind::Damage { .. } => (ItemTag::Damage, None, None),
        };
        let targets = item
            .targets
            .iter()
            .map(|h| match h.target() {
                Target::Card(c) if !self.visible_to(seat, c) => SeenTarget::Hidden,
                t => SeenTarget::Shown(t),
            })
            .collect();
        SeenItem {
            id: item.id,
            controller: item.controller,
            tag,
            card: card.filter(|&c| self.visible_to(seat, c)),
            targets,
            x: item.x,
            event,
        }
    }
}
