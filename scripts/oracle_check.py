#!/usr/bin/env python3
"""Oracle check for `amanda-opt --canonical`: its output must equal what TensorFlow's own tfg
parser/printer (the tensorflow-cpu pip package, `_pywrap_mlir.ExperimentalRunPassPipeline`)
prints for the same input, for every valid input of the tfg conformance corpus
(../shared/conformance/tfg/ir/tests/) and of test-files/.

Usage: scripts/oracle_check.py [--amanda PATH] [--corpus DIR] [--only SUBSTRING] [--diff] [--pending] [-q]

* test-files/pending/ (tests of known bugs, see docs/testing.md) is left out unless
  --pending is given.
* An input is "valid" unless its RUN lines contain `not ` or `verify-diagnostics`; files run
  with `split-input-file` are checked chunk by chunk, and chunks holding `expected-*`
  comments are left out.
* TensorFlow runs in one worker process for the whole batch (its import takes seconds); if
  the worker dies on an input, that input is reported and the worker restarts after it.
* Inputs TensorFlow rejects only because they use a dialect it does not register are checked
  against `mlir-opt --allow-unregistered-dialect` instead when it is installed (its output
  has one extra trailing newline, which is ignored), or, when they use torch-mlir's dialect
  (or `func.func`), against `torch-mlir-opt` ($TORCH_MLIR_OPT or on PATH); inputs no oracle
  can parse are skipped.
* An input the oracle rejects for any other reason is a failure: test-files/ must only hold
  valid IR outside its error tests.
* Where the outputs differ, the difference is by design (DEVIATION, counted as passed) only
  when TensorFlow cannot read its own output back while it reads amanda-opt's as the same IR
  (it prints amanda-opt's output exactly as it printed the input): --canonical keeps the
  read-back property over byte equality there (docs/testing.md).

Prints one line per input (PASS/FAIL/SKIP), a unified diff for each failure (the first lines,
or all with --diff), then `oracle check: N passed, N failed, N skipped`. Exit status: 0 when
nothing failed, 1 otherwise, 2 when it cannot run (no amanda-opt, no tensorflow).
"""

import argparse
import difflib
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "scripts"))
from tool_paths import find_amanda_opt  # noqa: E402

SPLIT_RE = re.compile(r"^// -----.*$", re.M)
RUN_RE = re.compile(r"^\s*//\s*RUN:(.*)$", re.M)
EXPECT_RE = re.compile(r"expected-(error|warning|note|remark)")
UNREGISTERED_RE = re.compile(r"unregistered dialect|Dialect `[^']*' not found|allow-unregistered-dialect")


def find_amanda(explicit):
    return explicit or find_amanda_opt(REPO)


# An op of torch-mlir's dialect (custom or generic form) or of the func dialect it uses.
TORCH_OP_RE = re.compile(r'(^|[\s"=])(torch\.[a-z_]+\.|func\.func\b)', re.M)


def find_mlir_opt():
    for path in ("/usr/lib/llvm-22/bin/mlir-opt", shutil.which("mlir-opt")):
        if path and os.access(path, os.X_OK):
            return path
    return None


def split_chunks(text):
    """Splits at `// -----` lines as mlir-opt does (markers dropped)."""
    chunks, start = [], 0
    for m in SPLIT_RE.finditer(text):
        chunks.append(text[start : m.start()])
        start = m.end() + 1
    chunks.append(text[start:])
    return chunks


def inputs_of(path, label):
    """Yields (label, text) for each valid input of the test file `path`."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError):
        return
    run_lines = RUN_RE.findall(text)
    runs = " ".join(run_lines)
    if not runs or "verify-diagnostics" in runs:
        return
    if any(re.search(r"(^|[|;&])\s*not\s", line) for line in run_lines):
        return
    if not re.search(r"amanda_opt|amanda-opt|tfg-opt|%roundtrip|%idempotent", runs):
        return
    if "split-input-file" in runs:
        chunks = split_chunks(text)
        for i, chunk in enumerate(chunks):
            if not EXPECT_RE.search(chunk):
                yield ("%s#%d" % (label, i) if len(chunks) > 1 else label, chunk)
    elif not EXPECT_RE.search(text):
        yield (label, text)


def collect(corpus, only, include_pending):
    items = []
    if corpus and os.path.isdir(corpus):
        for path in sorted(glob.glob(os.path.join(corpus, "*.mlir"))):
            items += inputs_of(path, "conformance/" + os.path.basename(path))
    tests = os.path.join(REPO, "test-files")
    for path in sorted(glob.glob(os.path.join(tests, "**", "*.*"), recursive=True)):
        rel = os.path.relpath(path, REPO)
        if not rel.endswith((".mlir", ".amir")) or "/Inputs/" in rel:
            continue
        # Namespace tests declare schemas loaded with --namespace-file in their RUN lines.
        if "/namespaces/" in rel:
            continue
        if "/pending/" in rel and not include_pending:
            continue
        items += inputs_of(path, rel)
    if only:
        items = [it for it in items if only in it[0]]
    return items


# ----------------------------------------------------------------- TensorFlow worker


def worker_main():
    """Reads JSON lines {"text": ...} on stdin, answers {"ok": bool, "out"/"err": ...}."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    from tensorflow.python import _pywrap_mlir as pywrap  # noqa: E402

    sys.stdout.write(json.dumps({"ready": True}) + "\n")
    sys.stdout.flush()
    for line in sys.stdin:
        req = json.loads(line)
        try:
            out = pywrap.ExperimentalRunPassPipeline(req["text"], "", False)
            res = {"ok": True, "out": out}
        except Exception as e:  # TensorFlow raises its own error classes
            res = {"ok": False, "err": str(e)}
        sys.stdout.write(json.dumps(res) + "\n")
        sys.stdout.flush()


class TfOracle:
    def __init__(self):
        self.proc = None

    def start(self):
        env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--tf-worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        hello = self.proc.stdout.readline()
        if not hello:
            self.proc = None
            return False
        return True

    def run(self, text):
        if self.proc is None and not self.start():
            return {"ok": False, "err": "tensorflow worker failed to start", "crash": True}
        try:
            self.proc.stdin.write(json.dumps({"text": text}) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            self.proc = None  # restarted on the next input
            return {"ok": False, "err": "tensorflow crashed on this input", "crash": True}
        return json.loads(line)

    def close(self):
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait()


def tensorflow_importable():
    probe = subprocess.run(
        [sys.executable, "-c", "import tensorflow.python._pywrap_mlir"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"),
    )
    return probe.returncode == 0


# ----------------------------------------------------------------- main


def run_tool(argv, text, tmpdir):
    path = os.path.join(tmpdir, "input.mlir")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    p = subprocess.run(argv + [path], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def main():
    if "--tf-worker" in sys.argv:
        worker_main()
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--amanda", help="amanda-opt binary (default: AMANDA_OPT or the built one)")
    ap.add_argument(
        "--corpus",
        default=os.environ.get("AMANDA_CONFORMANCE_DIR")
        or os.path.normpath(os.path.join(REPO, "..", "shared", "conformance", "tfg", "ir", "tests")),
    )
    ap.add_argument("--only", help="check only inputs whose label contains this")
    ap.add_argument("--diff", action="store_true", help="print whole diffs")
    ap.add_argument("--pending", action="store_true", help="also check test-files/pending/ (known bugs)")
    ap.add_argument("-q", "--quiet", action="store_true", help="print only failures and the summary")
    args = ap.parse_args()

    amanda = find_amanda(args.amanda)
    if not amanda:
        print("oracle check: amanda-opt is not built (cargo build --release)", file=sys.stderr)
        return 2
    if not tensorflow_importable():
        print("oracle check: skipped, tensorflow is not importable (pip install tensorflow-cpu)")
        return 0
    if not os.path.isdir(args.corpus):
        print("oracle check: conformance corpus %s is absent, checking test-files/ only" % args.corpus)
    items = collect(args.corpus, args.only, args.pending)
    mlir_opt = find_mlir_opt()
    oracle = TfOracle()
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0, "DEVIATION": 0}
    failed = []
    with tempfile.TemporaryDirectory(prefix="amanda-oracle.") as tmpdir:
        for label, text in items:
            verdict, detail = check_one(label, text, amanda, mlir_opt, oracle, tmpdir, args.diff)
            counts[verdict] += 1
            if verdict == "FAIL":
                failed.append(label)
            if verdict in ("FAIL", "DEVIATION") or not args.quiet:
                note = "  (%s)" % detail if verdict == "SKIP" else ""
                print("%s  %s%s" % (verdict, label, note), flush=True)
            if verdict in ("FAIL", "DEVIATION") and detail:
                print(detail, flush=True)
    oracle.close()
    if failed:
        print("\nFailed inputs (%d):" % len(failed))
        for label in failed:
            print("  " + label)
    if counts["DEVIATION"]:
        print("oracle check: %d of the passed differ by design (tensorflow's output does not read back)" % counts["DEVIATION"])
    print("oracle check: %d passed, %d failed, %d skipped" % (counts["PASS"] + counts["DEVIATION"], counts["FAIL"], counts["SKIP"]))
    return 1 if failed else 0


def check_one(label, text, amanda, mlir_opt, oracle, tmpdir, full_diff):
    res = oracle.run(text)
    name = "tensorflow"
    expected = res.get("out")
    if not res["ok"]:
        if res.get("crash"):
            return "SKIP", "the oracle crashed on this input"
        if UNREGISTERED_RE.search(res["err"]):
            if not mlir_opt:
                return "SKIP", "uses a dialect tensorflow does not register, and mlir-opt is absent"
            tool, name = mlir_opt, "mlir-opt"
            # torch-mlir's ops print in their own syntax: torch-mlir-opt is their oracle.
            if TORCH_OP_RE.search(text):
                tool, name = os.environ.get("TORCH_MLIR_OPT") or shutil.which("torch-mlir-opt"), "torch-mlir-opt"
                if not tool:
                    return "SKIP", "uses torch-mlir's dialect, and torch-mlir-opt is absent (TORCH_MLIR_OPT)"
            rc, out, err = run_tool([tool, "--allow-unregistered-dialect"], text, tmpdir)
            if rc != 0:
                return "SKIP", "no oracle parses it (tensorflow: unregistered dialect; %s: %s)" % (name, first_error(err))
            expected = out[:-1] if out.endswith("\n\n") else out
        else:
            rc, out, err = run_tool([amanda, "--canonical"], text, tmpdir)
            return "FAIL", "    tensorflow rejects this input: %s\n    amanda-opt exit status %d%s" % (
                first_error(res["err"]),
                rc,
                ("" if rc == 0 else ": " + first_error(err)),
            )
    rc, out, err = run_tool([amanda, "--canonical"], text, tmpdir)
    if rc != 0:
        return "FAIL", "    %s accepts it; amanda-opt --canonical fails: %s" % (name, first_error(err))
    # mlir-opt and tfg-opt end their output with a blank line; TensorFlow's pywrap does not.
    if out.rstrip("\n") == expected.rstrip("\n"):
        return "PASS", ""
    # A deviation by design: TensorFlow's own output does not read back in TensorFlow (a
    # name with a quote printed raw, a token named `%arg1_0` that nothing defines), while
    # amanda-opt's does and TensorFlow reads it as the same IR (prints it as it printed the
    # input). The property "printed output reads back" wins over byte equality there.
    if name == "tensorflow" and not oracle.run(expected).get("ok"):
        again = oracle.run(out)
        if again.get("ok") and again["out"].rstrip("\n") == expected.rstrip("\n"):
            return "DEVIATION", "    by design: tensorflow's output does not read back in tensorflow; amanda-opt's does, as the same IR"
    diff = list(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            out.splitlines(keepends=True),
            fromfile=name,
            tofile="amanda-opt --canonical",
        )
    )
    if not full_diff and len(diff) > 24:
        diff = diff[:24] + ["... (%d more diff lines; use --diff)\n" % (len(diff) - 24)]
    return "FAIL", "".join("    " + d if d.endswith("\n") else "    " + d + "\n" for d in diff).rstrip("\n")


def first_error(err):
    for line in err.splitlines():
        if "error" in line:
            return line.strip()
    return err.strip().splitlines()[0] if err.strip() else "(no message)"


if __name__ == "__main__":
    sys.exit(main())
