//! What the API documentation is made of: entries, their kinds, classes and named string types.

/// What an entry documents.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A field read as `obj.name`.
    Field,
    /// A method called as `obj:name(...)`.
    Method,
    /// A function called as `ns.name(...)` (or a global function).
    Function,
}

/// One API item.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The class or namespace (`Card`, `Resolve`, `game`, `_G` for globals).
    pub class: &'static str,
    /// Field, method or function.
    pub kind: Kind,
    /// The name.
    pub name: &'static str,
    /// Parameters `(name, LuaLS type)`; a name ending in `?` is optional.
    pub params: &'static [(&'static str, &'static str)],
    /// The LuaLS type of the field or of the return value (`""` for none).
    pub ty: &'static str,
    /// One line of documentation.
    pub doc: &'static str,
    /// A one-line example.
    pub example: &'static str,
}

/// A documented class or namespace.
#[derive(Clone, Copy, Debug)]
pub struct Class {
    /// Its name in the stub.
    pub name: &'static str,
    /// How scripts reach it.
    pub reached: &'static str,
    /// What it is.
    pub doc: &'static str,
}

/// A named string type: its name, its LuaLS type and what it means.
pub(crate) type Alias = (&'static str, &'static str, &'static str);

/// An [`Entry`]: `entry!(class, Kind, name, [(param, type), ...], type, doc, example)`.
macro_rules! entry {
    ($class:literal, $kind:ident, $name:literal, [$(($p:literal, $t:literal)),*], $ty:literal, $doc:literal, $ex:literal) => {
        $crate::docs::Entry {
            class: $class,
            kind: $crate::docs::Kind::$kind,
            name: $name,
            params: &[$(($p, $t)),*],
            ty: $ty,
            doc: $doc,
            example: $ex,
        }
    };
}

pub(crate) use entry;
