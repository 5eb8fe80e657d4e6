"""Where the test tools are, for lit.cfg, the lit.cfg.py of tests/conformance*/ and
oracle_check.py; and the setup those TensorFlow test suites share ([`stand_in`]).

amanda-opt: $AMANDA_OPT, else $CARGO_TARGET_DIR/{release,debug}/amanda-opt, else
target/{release,debug}/amanda-opt. LLVM's FileCheck (and `not`): $LLVM_TOOLS_DIR, the
Debian llvm-19/llvm-14 folders, else PATH.
"""

import os
import re
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


def stand_in(config, lit_config, repo_root, tool, flags=""):
    """Sets up a lit suite of TensorFlow's tests to run amanda-opt (with `flags`) wherever
    their RUN lines name `tool` (tfg-translate, tfg-transforms-opt): finds amanda-opt and
    FileCheck (a fatal error when either is missing), puts them first on PATH and adds the
    substitution. Returns the amanda-opt path."""
    amanda_opt = find_amanda_opt(repo_root)
    if not amanda_opt:
        lit_config.fatal("amanda-opt is not built: run `cargo build --release` (or set AMANDA_OPT)")
    llvm_tools = find_llvm_tools()
    if not llvm_tools:
        lit_config.fatal("LLVM's FileCheck is missing: run scripts/setup.sh (apt package llvm-19-tools)")
    lit_config.note("amanda-opt: %s %s" % (amanda_opt, flags))
    config.environment["PATH"] = os.pathsep.join([os.path.dirname(amanda_opt), llvm_tools, os.environ.get("PATH", "")])
    # The word boundaries keep the tool's name from matching inside longer names.
    config.substitutions.append((r"\b%s\b" % re.escape(tool), ("%s %s" % (amanda_opt, flags)).strip()))
    return amanda_opt
