//! A Lua ★ replacement on zone changes as a core static effect.

use crate::abilities::engine::Engine;
use crate::abilities::results::truthy;
use crate::context::Origin;
use crate::decl::fields::Applies;
use crate::decl::replace::{ReplaceDecl, ReplaceOn};
use crate::objects::relation::relation_holds;
use crate::objects::values::card_value;
use dzero_core::{
    CardId, Effect, EffectError, Hooks, Loc, MoveReplacement, Query, Resolve, StaticEffect,
    TargetSpec, ZoneMove,
};
use mlua::Value;
use std::rc::Rc;

/// A Lua ★ replacement on zone changes.
pub(crate) struct LuaReplacement {
    /// The Lua state.
    pub engine: Rc<Engine>,
    /// Where the declaration came from.
    pub origin: Origin,
    /// The declaration.
    pub d: ReplaceDecl,
    /// The effect run when the move was replaced.
    pub payoff: Option<Box<dyn Effect>>,
    /// The targets the payoff chooses as the replacement applies.
    pub payoff_target: Option<TargetSpec>,
}

impl StaticEffect for LuaReplacement {
    fn hooks(&self) -> Hooks {
        Hooks::NONE
    }

    fn replace_move(&self, view: &Query<'_>, me: CardId, mv: &ZoneMove) -> Option<MoveReplacement> {
        let listens =
            mv.to == Loc::Graveyard && (self.d.on == ReplaceOn::ToGraveyard || mv.destroyed);
        if !listens || !view.exists(mv.card) {
            return None;
        }
        let applies = match &self.d.applies {
            Applies::Rel(rel) => relation_holds(view, *rel, me, mv.card),
            Applies::Fn(f) => {
                let sh = &self.engine.rt.sh;
                let r = self.engine.rt.in_view(view, &self.origin, |lua| {
                    Ok(truthy(&f.call::<Value>((
                        card_value(lua, sh, me)?,
                        card_value(lua, sh, mv.card)?,
                    ))?))
                });
                self.engine.neutral(r, false)
            }
        };
        applies.then(|| MoveReplacement {
            instead: self.d.instead,
            optional: self.d.optional,
            prompt: self.d.prompt.clone(),
        })
    }

    fn replaced(
        &self,
        r: &mut Resolve<'_>,
        _me: CardId,
        _mv: &ZoneMove,
    ) -> Result<(), EffectError> {
        match &self.payoff {
            Some(p) => p.resolve(r),
            None => Ok(()),
        }
    }

    fn payoff_target(&self) -> Option<&TargetSpec> {
        self.payoff.as_ref().and(self.payoff_target.as_ref())
    }

    fn replaces_moves(&self) -> bool {
        true
    }
}
