"""Where the test tools are, for lit.cfg, tests/conformance/lit.cfg.py and oracle_check.py.

amanda-opt: $AMANDA_OPT, else $CARGO_TARGET_DIR/{release,debug}/amanda-opt, else
target/{release,debug}/amanda-opt. LLVM's FileCheck (and `not`): $LLVM_TOOLS_DIR, the
Debian llvm-19/llvm-14 folders, else PATH.
"""

import os
import shutil


def find_amanda_opt(repo_root):
    """The amanda-opt binary to test, or None when it is not built."""
    explicit = os.environ.get("AMANDA_OPT")
    if explicit:
        return os.path.abspath(explicit)
    targets = [os.environ["CARGO_TARGET_DIR"]] if os.environ.get("CARGO_TARGET_DIR") else []
    targets.append(os.path.join(repo_root, "target"))
    for target in targets:
        for profile in ("release", "debug"):
            candidate = os.path.join(target, profile, "amanda-opt")
            if os.access(candidate, os.X_OK):
                return candidate
    return None


def find_llvm_tools(tools=("FileCheck",)):
    """The folder holding all of `tools` (LLVM's test tools), or None."""
    candidates = [os.environ["LLVM_TOOLS_DIR"]] if os.environ.get("LLVM_TOOLS_DIR") else []
    candidates += ["/usr/lib/llvm-19/bin", "/usr/lib/llvm-14/bin"]
    for d in candidates:
        if all(os.access(os.path.join(d, t), os.X_OK) for t in tools):
            return d
    found = shutil.which(tools[0])
    if found and all(shutil.which(t) for t in tools[1:]):
        return os.path.dirname(found)
    return None
