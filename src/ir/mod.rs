//! The in-memory IR: ids into arenas ([`entity`]), interned strings/types/attributes
//! ([`Context`]), the op/value/block/region graph ([`Body`]) and the file-level [`Module`].
//!
//! Ownership model: a [`Module`] owns one [`Context`] and one [`Body`]. Everything else is a
//! `Copy` id. Nothing is reference-counted; mutation goes through `&mut Body`, and read-only
//! stages (printing, verification) can share `&Module` across rayon workers.

pub mod attrs;
pub mod blob;
pub mod body;
pub mod context;
pub mod entity;
pub mod equal;
pub mod hex;
pub mod import;
pub mod intern;
pub mod module;
pub mod types;
pub mod value_name;

pub use attrs::{AttrData, Location, NamedAttr};
pub use blob::Blob;
pub use body::{Body, BodyEdit, BodyPart, NumberedOps, OpData, OpForm, OpSpec, PlannedEdits, ResultGroup, Span, Use, UseOverlay, ValueDef};
pub use context::Context;
pub use import::IdMap;
pub use entity::{AttrId, BlockId, OpId, RegionId, Sym, TypeId, ValueId};
pub use module::{AliasDef, AliasValue, CommentAnchor, Module};
pub use types::TypeData;
pub use value_name::ValueName;
