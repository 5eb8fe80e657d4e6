# -*- Python -*-
# lit configuration that runs TensorFlow's tests of its tfg passes
# (../shared/conformance/tfg/transforms/, never copied into this repository) against
# amanda-opt, each file with its own RUN lines and `tfg-transforms-opt` replaced by
# `amanda-opt --canonical`. When the corpus is absent the suite reports one UNSUPPORTED
# placeholder and a note saying why, so the run stays green.
#
#   lit -sv tests/conformance-transforms        (scripts/conformance.sh runs it too)
#
# Environment: AMANDA_OPT and LLVM_TOOLS_DIR as for the main suite (see ../../lit.cfg);
# AMANDA_TRANSFORMS_DIR overrides where the corpus folder transforms/ is.

import os
import sys

import lit.formats

config.name = "amanda-opt-transforms"
config.test_format = lit.formats.ShTest(execute_external=False)

here = os.path.dirname(os.path.abspath(__file__))
repo_root = os.path.dirname(os.path.dirname(here))
corpus = os.environ.get("AMANDA_TRANSFORMS_DIR") or os.path.normpath(
    os.path.join(repo_root, "..", "shared", "conformance", "tfg", "transforms")
)

if os.path.isdir(corpus):
    config.test_source_root = corpus
    config.suffixes = [".mlir"]
else:
    config.test_source_root = here
    config.suffixes = [".test"]
    if os.environ.get("CI"):
        lit_config.fatal("%s is absent; CI always has ../shared beside the repository" % corpus)
    lit_config.note(
        "skipping TensorFlow's tfg pass tests: %s is absent (it lives outside the repository, "
        "in ../shared/conformance; set AMANDA_TRANSFORMS_DIR to point elsewhere)" % corpus
    )

config.test_exec_root = os.path.join(
    os.environ.get("CARGO_TARGET_DIR") or os.path.join(repo_root, "target"), "lit", "transforms"
)

sys.path.insert(0, os.path.join(repo_root, "scripts"))
from tool_paths import stand_in  # noqa: E402

lit_config.note("corpus:     %s" % corpus)
stand_in(config, lit_config, repo_root, "tfg-transforms-opt", "--canonical")
