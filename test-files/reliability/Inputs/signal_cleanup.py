"""Sends SIGTERM (or SIGINT) to amanda-opt while it writes -o FILE, and checks that the
temporary file is gone, the target is untouched and the exit status is the signal's.

usage: signal_cleanup.py AMANDA_OPT WORKDIR SIGNAL
"""
import os
import signal
import subprocess
import sys
import time

tool, work, signame = sys.argv[1], sys.argv[2], sys.argv[3]
sig = getattr(signal, signame)
os.makedirs(work, exist_ok=True)
src = os.path.join(work, "big.mlir")
out = os.path.join(work, "out.mlir")
with open(src, "w") as f:
    # Large enough that printing takes a while even in a release build.
    f.write('"foo.op"() {a = [1, 2, 3], b = "some text"} : () -> ()\n' * 1000000)
with open(out, "w") as f:
    f.write("previous contents\n")
for attempt in range(5):
    # A signal ignored by the parent stays ignored (lit may ignore SIGINT): restore it.
    proc = subprocess.Popen([tool, src, "-o", out], preexec_fn=lambda: signal.signal(sig, signal.SIG_DFL))
    seen = False
    while proc.poll() is None:
        if any(".amanda-opt-" in n for n in os.listdir(work)):
            seen = True
            proc.send_signal(sig)
            break
        time.sleep(0.005)
    rc = proc.wait()
    if seen:
        break
else:
    print("the temporary file was never seen (the run was too fast)")
    sys.exit(1)
left = [n for n in os.listdir(work) if ".amanda-opt-" in n]
print("status", rc, "temporary files left", left, "target", open(out).read().strip())
sys.exit(0 if rc == -sig and not left and open(out).read() == "previous contents\n" else 1)
