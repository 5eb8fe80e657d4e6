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
import sys

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
    if os.environ.get("CI"):
        lit_config.fatal("%s is absent; CI always has ../shared beside the repository" % corpus)
    lit_config.note(
        "skipping the tfg conformance corpus: %s is absent (it lives outside the repository, "
        "in ../shared/conformance; set AMANDA_CONFORMANCE_DIR to point elsewhere)" % corpus
    )

config.test_exec_root = os.path.join(
    os.environ.get("CARGO_TARGET_DIR") or os.path.join(repo_root, "target"), "lit", "conformance"
)


sys.path.insert(0, os.path.join(repo_root, "scripts"))
from tool_paths import find_amanda_opt, find_llvm_tools  # noqa: E402


def _find_amanda_opt():
    found = find_amanda_opt(repo_root)
    if not found:
        lit_config.fatal("amanda-opt is not built: run `cargo build --release` (or set AMANDA_OPT)")
    return found


def _find_llvm_tools():
    found = find_llvm_tools()
    if not found:
        lit_config.fatal("LLVM's FileCheck is missing: run scripts/setup.sh (apt package llvm-19-tools)")
    return found


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
