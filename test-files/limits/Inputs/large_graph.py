"""Writes a generic-syntax graph of 40,000 ops (3.6 MB: parsed on several threads), each
using the value of the next one (forward references across every part), the last one using
the first. `undefined` or `range` puts that error into the tenth op from the end;
`redefined` makes that op define the name of an op in the middle of the file again;
`utf8` puts a byte that is not UTF-8 into that op's name."""
import sys

n = 40000
bad = sys.argv[1] if len(sys.argv) > 1 else ""
lines = ['"t.graph"() ({']
for i in range(n):
    use = "%%v%d" % ((i + 1) % n)
    value = 7
    if i == n - 10 and bad == "undefined":
        use = "%nope"
    if i == n - 10 and bad == "range":
        value = 300
    name = i
    if i == n - 10 and bad == "redefined":
        name = n // 2
    node = "n%d" % i
    if i == n - 10 and bad == "utf8":
        node = "n\udcff"
    lines.append('  %%v%d = "t.op"(%s) {_mlir_name = "%s", k = [1, 2], t = %d : i8} : (i32) -> i32' % (name, use, node, value))
lines.append("}) : () -> ()")
sys.stdout.buffer.write("\n".join(lines).encode("utf-8", "surrogateescape") + b"\n")
