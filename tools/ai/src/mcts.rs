//! The searching player: information-set Monte Carlo tree search by determinization.
//!
//! Per decision it deals several copies of the duel its seat cannot tell apart
//! ([`SeatView::determinize`]) and grows one UCT tree in each, over both players' small
//! decisions (`Game::legal_actions` inside the copy: announcing a use, then each of its pieces).
//! Every player in the search restricts itself ([`restrict`]): it never cancels an announcement
//! and lets the engine pay. A play-out walks down the tree by UCB1, adds one node, then plays on
//! at random (passing with [`PASS_BIAS`]) for at most [`ROLLOUT_DEPTH`] actions other than
//! picks (an announcement is always finished) and scores the end with [`win_chance`]. The
//! root's options are the seat's own ([`SeatView::actions`], hidden cards named by place), the
//! same in every copy, so the roots' visits add up over the copies; the most visited is taken.

use crate::budget::Budget;
use crate::evaluate::win_chance;
use dzero_core::{Action, CardDb, Decision, Game, Player};
use dzero_sim::{Chooser, SeatView, restrict};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// Copies of the duel searched per decision (fewer when the budget has fewer play-outs).
pub const DETERMINIZATIONS: u32 = 4;
/// Random actions, picks not counted, played after leaving the tree before the evaluation
/// scores the state.
pub const ROLLOUT_DEPTH: u32 = 12;
/// Most random actions of one rollout, picks included.
const ROLLOUT_CAP: u32 = 8 * ROLLOUT_DEPTH;
/// Probability that a random play-out passes whenever passing is legal.
pub const PASS_BIAS: f64 = 0.5;
/// UCB1's exploration constant (rewards lie in 0–1).
pub const EXPLORATION: f64 = 0.7;

/// A node of a tree: the state after the actions on the path to it.
#[derive(Clone, Copy)]
struct Node {
    /// Who took the action leading here (whose reward `reward` sums).
    mover: Player,
    /// Its children, `first..first + count` in the arena, once expanded.
    first: u32,
    count: u32,
    expanded: bool,
    visits: u32,
    reward: f64,
}

impl Node {
    fn new(mover: Player) -> Node {
        Node {
            mover,
            first: 0,
            count: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
        }
    }
}

/// `g`'s legal actions into `out`, as a player restricting itself takes them ([`restrict`]).
fn options(g: &Game, db: &CardDb, out: &mut Vec<Action>) {
    g.legal_actions(db, out);
    restrict(out);
}

/// Information-set MCTS within a budget per decision; deterministic given its seed when the
/// budget counts play-outs.
pub struct MctsPlayer {
    budget: Budget,
    rng: ChaCha8Rng,
    /// The seat's actions at the root.
    root: Vec<Action>,
    /// Per root action: visits and reward summed over the copies.
    totals: Vec<(u32, f64)>,
    /// Nodes of the tree being grown (reused between trees and decisions).
    nodes: Vec<Node>,
    /// Node indices of the current play-out's path.
    path: Vec<u32>,
    /// Legal actions listed during a play-out.
    buf: Vec<Action>,
}

impl MctsPlayer {
    /// A player with `budget` per decision, seeded with `seed`.
    pub fn new(budget: Budget, seed: u64) -> MctsPlayer {
        MctsPlayer {
            budget,
            rng: ChaCha8Rng::seed_from_u64(seed),
            root: Vec::new(),
            totals: Vec::new(),
            nodes: Vec::new(),
            path: Vec::new(),
            buf: Vec::new(),
        }
    }

    /// Grows one tree in `copy` until `more` says stop, and adds its root statistics to the
    /// totals.
    fn search(
        &mut self,
        db: &CardDb,
        seat: Player,
        copy: &Game,
        mut more: impl FnMut(u32) -> bool,
    ) {
        self.nodes.clear();
        self.nodes.push(Node {
            first: 1,
            count: self.root.len() as u32,
            expanded: true,
            ..Node::new(seat.opponent())
        });
        self.nodes
            .extend(std::iter::repeat_n(Node::new(seat), self.root.len()));
        let mut done = 0;
        while more(done) {
            self.playout(db, seat, copy);
            done += 1;
        }
        for (i, t) in self.totals.iter_mut().enumerate() {
            let n = &self.nodes[1 + i];
            t.0 += n.visits;
            t.1 += n.reward;
        }
    }

    /// One play-out: select and expand in the tree, roll out, back up.
    fn playout(&mut self, db: &CardDb, seat: Player, copy: &Game) {
        let mut g = copy.clone();
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        let mut failed = false;
        while let Some(player) = g.decision().player() {
            if !self.nodes[node].expanded {
                options(&g, db, &mut self.buf);
                let first = self.nodes.len() as u32;
                self.nodes
                    .extend(std::iter::repeat_n(Node::new(player), self.buf.len()));
                let n = &mut self.nodes[node];
                n.first = first;
                n.count = self.buf.len() as u32;
                n.expanded = true;
            } else if node != 0 {
                options(&g, db, &mut self.buf);
            }
            let n = self.nodes[node];
            if n.count == 0 {
                break;
            }
            let pick = self.select(n);
            // The root's actions were listed for the seat's own state, not this copy: they
            // are checked; the others were listed for `g` itself.
            let applied = if node == 0 {
                g.apply(db, self.root[pick].clone())
            } else if pick < self.buf.len() {
                g.apply_listed(db, self.buf.swap_remove(pick))
            } else {
                failed = true;
                break;
            };
            node = (n.first as usize) + pick;
            self.path.push(node as u32);
            if applied.is_err() {
                failed = true;
                break;
            }
            if self.nodes[node].visits == 0 {
                break;
            }
        }
        let r = if failed {
            0.0
        } else {
            self.rollout(db, &mut g);
            win_chance(&g, db, seat)
        };
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.reward += if n.mover == seat { r } else { 1.0 - r };
        }
    }

    /// The child of `n` to follow: an unvisited one at random, else the best by UCB1.
    fn select(&mut self, n: Node) -> usize {
        let children = &self.nodes[n.first as usize..(n.first + n.count) as usize];
        let unvisited = children.iter().filter(|c| c.visits == 0).count();
        if unvisited > 0 {
            let k = self.rng.random_range(0..unvisited);
            return children
                .iter()
                .enumerate()
                .filter(|(_, c)| c.visits == 0)
                .nth(k)
                .map_or(0, |(i, _)| i);
        }
        let log_n = f64::from(n.visits.max(1)).ln();
        let ucb = |c: &Node| {
            let v = f64::from(c.visits);
            c.reward / v + EXPLORATION * (log_n / v).sqrt()
        };
        let mut best = 0;
        for (i, c) in children.iter().enumerate() {
            if ucb(c) > ucb(&children[best]) {
                best = i;
            }
        }
        best
    }

    /// Random actions (passing with [`PASS_BIAS`]) for at most [`ROLLOUT_DEPTH`] steps, picks
    /// not counted.
    fn rollout(&mut self, db: &CardDb, g: &mut Game) {
        let mut steps = 0;
        for _ in 0..ROLLOUT_CAP {
            if steps >= ROLLOUT_DEPTH {
                return;
            }
            let action = match g.decision() {
                Decision::Over(_) => return,
                Decision::Act(_) if self.rng.random_bool(PASS_BIAS) => Action::Pass,
                Decision::Act(_) => {
                    let rng = &mut self.rng;
                    match g.sample_act(db, |n| rng.random_range(0..n)) {
                        Some(a) => a,
                        None => return,
                    }
                }
                _ => {
                    options(g, db, &mut self.buf);
                    if self.buf.is_empty() {
                        return;
                    }
                    let i = self.rng.random_range(0..self.buf.len());
                    self.buf.swap_remove(i)
                }
            };
            steps += u32::from(!matches!(action, Action::Pick(_)));
            if g.apply_listed(db, action).is_err() {
                return;
            }
        }
    }
}

impl Chooser for MctsPlayer {
    /// The root action most visited over all copies (ties: the better mean, then the first).
    fn choose(&mut self, view: &SeatView<'_>) -> Option<Action> {
        view.actions(&mut self.root);
        restrict(&mut self.root);
        if self.root.len() <= 1 {
            return self.root.pop();
        }
        let (db, seat) = (view.db(), view.seat());
        self.totals.clear();
        self.totals.resize(self.root.len(), (0, 0.0));
        match self.budget {
            Budget::Playouts(n) => {
                let trees = DETERMINIZATIONS.min(n.max(1));
                for t in 0..trees {
                    let share = n / trees + u32::from(t < n % trees);
                    let copy = view.determinize(self.rng.random());
                    self.search(db, seat, &copy, |done| done < share);
                }
            }
            Budget::Millis(ms) => {
                let start = Instant::now();
                for t in 0..DETERMINIZATIONS {
                    let until =
                        start + Duration::from_millis(u64::from(ms)) * (t + 1) / DETERMINIZATIONS;
                    let copy = view.determinize(self.rng.random());
                    self.search(db, seat, &copy, |done| done == 0 || Instant::now() < until);
                }
            }
        }
        let mean = |(v, r): (u32, f64)| if v == 0 { 0.0 } else { r / f64::from(v) };
        let mut best = 0;
        for (i, &t) in self.totals.iter().enumerate() {
            let b = self.totals[best];
            if t.0 > b.0 || (t.0 == b.0 && mean(t) > mean(b)) {
                best = i;
            }
        }
        Some(self.root.swap_remove(best))
    }
}
