//! The options a player that plays to win restricts itself to during an announcement: it never
//! withdraws one ([`Pick::Cancel`] only returns to where it was) and lets the engine pay the
//! energy ([`Pick::PayAuto`]) rather than choosing the paying cards one by one.

use dzero_core::{Action, Pick};

/// Drops [`Pick::Cancel`] from `actions` and, where [`Pick::PayAuto`] is offered, every
/// card-by-card payment ([`Pick::PayCard`]); other actions keep their order.
pub fn restrict(actions: &mut Vec<Action>) {
    let auto = actions.contains(&Action::Pick(Pick::PayAuto));
    actions.retain(|a| match a {
        Action::Pick(Pick::Cancel) => false,
        Action::Pick(Pick::PayCard(_)) => !auto,
        _ => true,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use dzero_core::CardId;

    #[test]
    fn cancel_and_card_payments_go_where_the_engine_pays() {
        let mut a = vec![
            Action::Pick(Pick::PayAuto),
            Action::Pick(Pick::PayCard(CardId(3))),
            Action::Pick(Pick::Cancel),
        ];
        restrict(&mut a);
        assert_eq!(a, vec![Action::Pick(Pick::PayAuto)]);
    }

    #[test]
    fn card_payments_stay_once_one_was_picked_by_hand() {
        let mut a = vec![
            Action::Pick(Pick::PayCard(CardId(4))),
            Action::Pick(Pick::Cancel),
        ];
        restrict(&mut a);
        assert_eq!(a, vec![Action::Pick(Pick::PayCard(CardId(4)))]);
    }

    #[test]
    fn other_steps_lose_only_cancel() {
        let mut a = vec![
            Action::Pick(Pick::Done),
            Action::Pick(Pick::X(0)),
            Action::Pass,
            Action::Pick(Pick::Cancel),
        ];
        restrict(&mut a);
        assert_eq!(
            a,
            vec![
                Action::Pick(Pick::Done),
                Action::Pick(Pick::X(0)),
                Action::Pass
            ]
        );
    }
}
