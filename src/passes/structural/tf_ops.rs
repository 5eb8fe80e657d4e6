//! TensorFlow's op registry as tfg's structural passes query it: an op's schema (for default
//! attributes) and whether it is stateful (TensorFlow's `TensorFlowRegistryInterface::isStateful`:
//! tfg's intrinsic ops are not, a `tfg.func` is what its `is_stateful` attribute says, a region
//! op is looked up without its `Region` suffix, and an op the registry does not know is
//! conservatively stateful). Lookups are cached by op name, so a graph of a million ops costs
//! one lookup per distinct op type.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::dialect::traits::is_intrinsic;
use crate::ir::{Module, OpId, Sym};
use crate::namespace::scope::TENSORFLOW;
use crate::namespace::{OpSchema, Registry};

/// Cached view of the newest TensorFlow vocabulary.
pub struct TfOps<'r> {
    reg: &'r Registry,
    version: Option<usize>,
    schemas: FxHashMap<Sym, Option<Arc<OpSchema>>>,
    stateful: FxHashMap<Sym, bool>,
}

impl<'r> TfOps<'r> {
    pub fn new(reg: &'r Registry) -> Self {
        TfOps { reg, version: reg.resolve(TENSORFLOW), schemas: FxHashMap::default(), stateful: FxHashMap::default() }
    }

    fn lookup(&self, op_type: &str) -> Option<Arc<OpSchema>> {
        self.reg.lookup(self.version?, op_type)
    }

    /// The registered op definition of a tfg node (`tfg.AddV2` → `AddV2`); `None` for
    /// intrinsic ops, ops of other dialects and op types the registry does not know.
    pub fn schema(&mut self, m: &Module, op: OpId) -> Option<Arc<OpSchema>> {
        let name = m.body.op(op).name;
        if let Some(s) = self.schemas.get(&name) {
            return s.clone();
        }
        let full = m.ctx.str(name);
        let s = match full.strip_prefix("tfg.") {
            Some(t) if !is_intrinsic(full) && !t.is_empty() => self.lookup(t),
            _ => None,
        };
        self.schemas.insert(name, s.clone());
        s
    }

    /// Whether `op` has TensorFlow's registry interface (a tfg op).
    pub fn has_registry_interface(m: &Module, op: OpId) -> bool {
        m.op_name(op).starts_with("tfg.")
    }

    /// TensorFlow's `isStateful` for a tfg op (see the module doc); ops of other dialects
    /// count as stateful.
    pub fn is_stateful(&mut self, m: &Module, op: OpId) -> bool {
        let full = m.op_name(op);
        if full == "tfg.func" {
            return m.op_attr(op, "is_stateful").is_some();
        }
        if is_intrinsic(full) {
            return false;
        }
        let name = m.body.op(op).name;
        let has_regions = !m.body.op(op).regions.is_empty();
        // Region ops share a name's answer only with ops of the same shape; key them apart.
        if !has_regions {
            if let Some(&s) = self.stateful.get(&name) {
                return s;
            }
        }
        let Some(mut t) = full.strip_prefix("tfg.") else { return true };
        if has_regions {
            t = t.strip_suffix("Region").unwrap_or(t);
        }
        let s = self.lookup(t).map(|s| s.stateful).unwrap_or(true);
        if !has_regions {
            self.stateful.insert(name, s);
        }
        s
    }
}
