# -*- Python -*-
# lit configuration that runs TensorFlow's tests of its GraphDef importer
# (tensorflow/core/ir/importexport/tests/graphdef_to_mlir/*.pbtxt in TensorFlow's source, which
# ../shared does not hold and this repository does not copy) against amanda-opt, each file
# with its own RUN lines and `tfg-translate` replaced by `amanda-opt`. Point it at a checkout:
#
#   AMANDA_GRAPHDEF_TO_MLIR_DIR=~/tensorflow/tensorflow/core/ir/importexport/tests/graphdef_to_mlir \
#     lit -sv tests/conformance-graphdef-to-mlir
#
# Not a step of scripts/test.sh (CI has no TensorFlow source); without the variable the suite
# is one UNSUPPORTED placeholder. Environment: AMANDA_OPT and LLVM_TOOLS_DIR as for the main
# suite (see ../../lit.cfg).

import os
import sys

import lit.formats

config.name = "amanda-opt-graphdef-to-mlir"
config.test_format = lit.formats.ShTest(execute_external=False)

here = os.path.dirname(os.path.abspath(__file__))
repo_root = os.path.dirname(os.path.dirname(here))
corpus = os.environ.get("AMANDA_GRAPHDEF_TO_MLIR_DIR", "")

if corpus and os.path.isdir(corpus):
    config.test_source_root = corpus
    config.suffixes = [".pbtxt"]
else:
    config.test_source_root = here
    config.suffixes = [".test"]
    lit_config.note(
        "TensorFlow's graphdef_to_mlir tests are not run: set AMANDA_GRAPHDEF_TO_MLIR_DIR to "
        "tensorflow/core/ir/importexport/tests/graphdef_to_mlir of a TensorFlow checkout"
    )

config.test_exec_root = os.path.join(
    os.environ.get("CARGO_TARGET_DIR") or os.path.join(repo_root, "target"), "lit", "graphdef-to-mlir"
)

sys.path.insert(0, os.path.join(repo_root, "scripts"))
from tool_paths import stand_in  # noqa: E402

stand_in(config, lit_config, repo_root, "tfg-translate")
