//! Op traits: what amanda-opt knows of an op from its name alone, in one place that the
//! parser, verifier, printer, pass manager, passes and conversions ask. The model is MLIR's
//! op traits and interfaces: `IsolatedFromAbove`, tfg's `IntrinsicOperation`, and the
//! region control-flow interfaces (an `if`/`case` runs each region at most once, a loop
//! any number of times). What depends on a framework's op vocabulary (ports, attributes,
//! statefulness) is in the namespace schemas of `dialects/` instead; the TensorFlow facts
//! here are the ones no schema records.

/// A set of traits (a bit set; `|` joins sets).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpTraits(u8);

impl OpTraits {
    /// Its regions do not see the values and names of the regions around it (MLIR's
    /// `IsolatedFromAbove`): a scope for name resolution, a unit a pass may run on alone.
    pub const ISOLATED_FROM_ABOVE: OpTraits = OpTraits(1);
    /// One of tfg's own ops (`IntrinsicOperation`): part of a graph's structure, not a
    /// TensorFlow node; no TensorFlow op definition describes it.
    pub const INTRINSIC: OpTraits = OpTraits(2);
    /// Region control flow whose regions each run at most once (`IfRegion`, `CaseRegion`).
    pub const BRANCH: OpTraits = OpTraits(4);
    /// Region control flow whose body region may run many times (`WhileRegion`, `ForRegion`).
    pub const LOOP: OpTraits = OpTraits(8);

    pub fn contains(self, t: OpTraits) -> bool {
        self.0 & t.0 == t.0
    }

    /// A region control-flow op of tfg (a branch or a loop).
    pub fn is_region_control_flow(self) -> bool {
        self.0 & (Self::BRANCH.0 | Self::LOOP.0) != 0
    }
}

impl std::ops::BitOr for OpTraits {
    type Output = OpTraits;
    fn bitor(self, rhs: OpTraits) -> OpTraits {
        OpTraits(self.0 | rhs.0)
    }
}

/// The traits of the op named `name` (full name, `tfg.IfRegion`); none for an op not listed.
pub fn of(name: &str) -> OpTraits {
    use OpTraits as T;
    match name {
        "builtin.module" | "func.func" => T::ISOLATED_FROM_ABOVE,
        "tfg.graph" | "tfg.func" => T::ISOLATED_FROM_ABOVE | T::INTRINSIC,
        "tfg.return" | "tfg.yield" | "tfg.condition" | "tfg.get_result" => T::INTRINSIC,
        "tfg.IfRegion" | "tfg.StatelessIfRegion" | "tfg.StatefulIfRegion" | "tfg.CaseRegion" | "tfg.StatelessCaseRegion"
        | "tfg.StatefulCaseRegion" => T::BRANCH,
        "tfg.WhileRegion" | "tfg.StatelessWhileRegion" | "tfg.StatefulWhileRegion" | "tfg.ForRegion" => T::LOOP,
        _ => T::default(),
    }
}

/// Whether the regions of `name` are isolated from above ([`OpTraits::ISOLATED_FROM_ABOVE`]).
pub fn is_isolated_from_above(name: &str) -> bool {
    of(name).contains(OpTraits::ISOLATED_FROM_ABOVE)
}

/// Whether `name` is one of tfg's intrinsic ops ([`OpTraits::INTRINSIC`]).
pub fn is_intrinsic(name: &str) -> bool {
    of(name).contains(OpTraits::INTRINSIC)
}

/// Whether `name` is a tfg op that is not a TensorFlow node of its own type: an intrinsic op
/// or region control flow (neither can be a call of a function named by its type).
pub fn is_tfg_structural(name: &str) -> bool {
    let t = of(name);
    t.contains(OpTraits::INTRINSIC) || t.is_region_control_flow()
}

/// TensorFlow op types whose result 0 is their input 0, value and type: the `Identity`
/// family and the checks that pass their input through when it holds (`CheckNumerics`,
/// `EnsureShape`). Folding evaluates them as their input, shape inference gives them its
/// shape, and the conversion reads constants through them.
pub fn forwards_input(op_type: &str) -> bool {
    matches!(op_type, "Identity" | "Snapshot" | "StopGradient" | "PreventGradient" | "CheckNumerics" | "EnsureShape")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traits_by_name() {
        assert!(is_isolated_from_above("tfg.func") && is_isolated_from_above("func.func"));
        assert!(!is_isolated_from_above("tfg.IfRegion") && !is_isolated_from_above("tfg.return"));
        assert!(is_intrinsic("tfg.get_result") && !is_intrinsic("tfg.WhileRegion") && !is_intrinsic("tfg.Identity"));
        assert!(of("tfg.CaseRegion").contains(OpTraits::BRANCH) && !of("tfg.CaseRegion").contains(OpTraits::LOOP));
        assert!(of("tfg.ForRegion").contains(OpTraits::LOOP));
        assert!(is_tfg_structural("tfg.StatelessIfRegion") && is_tfg_structural("tfg.yield") && !is_tfg_structural("tfg.If"));
        assert_eq!(of("tfg.AddV2"), OpTraits::default());
        assert!(forwards_input("EnsureShape") && !forwards_input("IdentityN") && !forwards_input("Cast"));
    }
}
