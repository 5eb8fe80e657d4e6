# -*- Python -*-
# lit configuration that runs TensorFlow's tfg test corpus (../shared/conformance/tfg/ir/tests/,
# never copied into this repository) against amanda-opt, each file with its own RUN lines and
# `tfg-opt-no-passes` replaced by `amanda-opt --canonical`. When the corpus is absent the suite
# reports one UNSUPPORTED placeholder and a note saying why, so the run stays green.
#
#   lit -sv tests/conformance                  (scripts/conformance.sh wraps this)
#
# Environment: AMANDA_OPT and LLVM_TOOLS_DIR as for the main suite (see ../../lit.cfg);
# AMANDA_CONFORMANCE_DIR overrides where the corpus folder ir/tests is.

import os
import shutil

import lit.formats

config.name = "amanda-opt-conformance"
config.test_format = lit.formats.ShTest(execute_external=False)

here = os.path.dirname(os.path.abspath(__file__))
repo_root = os.path.dirname(os.path.dirname(here))
corpus = os.environ.get("AMANDA_CONFORMANCE_DIR") or os.path.normpath(
    os.path.join(repo_root, "..", "shared", "conformance", "tfg", "ir", "tests")
)

if os.path.isdir(corpus):
    config.test_source_root = corpus
    config.suffixes = [".mlir"]
    config.available_features.add("conformance-corpus")
else:
    # Only the placeholder in this folder is discovered; it is UNSUPPORTED.
    config.test_source_root = here
    config.suffixes = [".test"]
    lit_config.note(
        "skipping the tfg conformance corpus: %s is absent (it lives outside the repository, "
        "in ../shared/conformance; set AMANDA_CONFORMANCE_DIR to point elsewhere)" % corpus
    )

config.test_exec_root = os.path.join(
    os.environ.get("CARGO_TARGET_DIR") or os.path.join(repo_root, "target"), "lit", "conformance"
)


def _find_amanda_opt():
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
    lit_config.fatal("amanda-opt is not built: run `cargo build --release` (or set AMANDA_OPT)")


def _find_llvm_tools():
    candidates = [os.environ["LLVM_TOOLS_DIR"]] if os.environ.get("LLVM_TOOLS_DIR") else []
    candidates += ["/usr/lib/llvm-19/bin", "/usr/lib/llvm-14/bin"]
    for d in candidates:
        if os.access(os.path.join(d, "FileCheck"), os.X_OK):
            return d
    found = shutil.which("FileCheck")
    if found:
        return os.path.dirname(found)
    lit_config.fatal("LLVM's FileCheck is missing: run scripts/setup.sh (apt package llvm-19-tools)")


amanda_opt = _find_amanda_opt()
llvm_tools = _find_llvm_tools()
lit_config.note("corpus:     %s" % corpus)
lit_config.note("amanda-opt: %s --canonical" % amanda_opt)
config.environment["PATH"] = os.pathsep.join(
    [os.path.dirname(amanda_opt), llvm_tools, os.environ.get("PATH", "")]
)
# TensorFlow's runlit.cfg.py leaves FILECHECK_OPTS alone (lit passes it through from the
# environment), so this suite does too.

# The word boundaries keep `tfg-opt-no-passes` from matching inside longer names.
config.substitutions.append((r"\btfg-opt-no-passes\b", "%s --canonical" % amanda_opt))
