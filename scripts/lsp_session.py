#!/usr/bin/env python3
"""A scripted LSP session for scripts/bench-lsp.sh: opens FILE in the server COMMAND (stdio),
then times didChange -> publishDiagnostics, hover and definition (at the first operand of the
middle op line), EDITS times each. Prints one JSON line:
{"open": s, "change": median s, "hover": median s, "definition": median s, "diagnostics": n}.

Usage: lsp_session.py FILE EDITS COMMAND [ARGS...]"""
import json
import os
import statistics
import subprocess
import sys
import time


class Server:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.id = 0

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        headers = {}
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("server closed its output")
            line = line.decode().strip()
            if not line:
                break
            k, v = line.split(":", 1)
            headers[k.lower()] = v.strip()
        return json.loads(self.p.stdout.read(int(headers["content-length"])))

    def request(self, method, params):
        self.id += 1
        self.send({"jsonrpc": "2.0", "id": self.id, "method": method, "params": params})
        while True:
            m = self.read()
            if m.get("id") == self.id and "method" not in m:
                return m
            if m.get("method") and "id" in m:  # a request from the server: answer it
                self.send({"jsonrpc": "2.0", "id": m["id"], "result": None})

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri, version):
        """Waits for publishDiagnostics of `uri` (of `version` when the server sends one)."""
        while True:
            m = self.read()
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
                v = m["params"].get("version")
                if v is None or v == version:
                    return m["params"]["diagnostics"]
            elif m.get("method") and "id" in m:
                self.send({"jsonrpc": "2.0", "id": m["id"], "result": None})


def main():
    path, edits, cmd = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    text = open(path).read()
    lines = text.split("\n")
    uri = "file://" + os.path.abspath(path)
    s = Server(cmd)
    init = s.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {
        "textDocument": {"publishDiagnostics": {"versionSupport": True}}}})
    sync = init["result"]["capabilities"].get("textDocumentSync", 1)
    incremental = (sync.get("change") if isinstance(sync, dict) else sync) == 2
    s.notify("initialized", {})
    t = time.perf_counter()
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "mlir", "version": 1, "text": text}})
    diags = s.diagnostics(uri, 1)
    t_open = time.perf_counter() - t
    # The middle op line and its first operand.
    mid = len(lines) // 2
    while mid < len(lines) and "(%" not in lines[mid]:
        mid += 1
    col = lines[mid].index("(%") + 2
    changes, hovers, defs = [], [], []
    version = 1
    for k in range(edits):
        version += 1
        # Add a space at the end of the middle line, then take it away again.
        end = len(lines[mid])
        if k % 2 == 0:
            change = {"range": {"start": {"line": mid, "character": end}, "end": {"line": mid, "character": end}}, "text": " "}
            lines[mid] += " "
        else:
            change = {"range": {"start": {"line": mid, "character": end - 1}, "end": {"line": mid, "character": end}}, "text": ""}
            lines[mid] = lines[mid][:-1]
        if not incremental:
            change = {"text": "\n".join(lines)}
        t = time.perf_counter()
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        s.diagnostics(uri, version)
        changes.append(time.perf_counter() - t)
        pos = {"textDocument": {"uri": uri}, "position": {"line": mid, "character": col}}
        t = time.perf_counter()
        h = s.request("textDocument/hover", pos)
        hovers.append(time.perf_counter() - t)
        t = time.perf_counter()
        d = s.request("textDocument/definition", pos)
        defs.append(time.perf_counter() - t)
        if k == 0 and (not h.get("result") or not d.get("result")):
            print("warning: %s gave hover=%s definition=%s" % (cmd[0], bool(h.get("result")), bool(d.get("result"))), file=sys.stderr)
    s.request("shutdown", None)
    s.notify("exit", None)
    s.p.wait(timeout=60)
    print(json.dumps({"open": t_open, "change": statistics.median(changes), "hover": statistics.median(hovers),
                      "definition": statistics.median(defs), "diagnostics": len(diags)}))


if __name__ == "__main__":
    main()
