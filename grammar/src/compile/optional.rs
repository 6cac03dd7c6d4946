//! 「〜てもよい」 (you may) on resolution: the controller is asked yes or no, and the optional
//! sentence runs on yes.

use dzero_core::{Ask, ChoiceOption, EffectError, Resolve};

/// The answer that does the optional sentence.
pub(crate) const YES: &str = "yes";
/// The answer that skips it.
pub(crate) const NO: &str = "no";

/// Asks the controller whether to do the optional sentence (declining is always allowed) and
/// does it on yes; whether it was done.
pub(crate) fn may(
    r: &mut Resolve<'_>,
    run: impl FnOnce(&mut Resolve<'_>) -> Result<(), EffectError>,
) -> Result<bool, EffectError> {
    let player = r.controller();
    let options = vec![
        ChoiceOption::Label(YES.into()),
        ChoiceOption::Label(NO.into()),
    ];
    let yes = r.choose(player, Ask::MayDo, options)? == Some(0);
    if yes {
        run(r)?;
    }
    Ok(yes)
}
