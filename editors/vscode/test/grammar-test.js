// Tokenizes tfg and generic MLIR lines with the extension's TextMate grammar (vscode-textmate
// and the Oniguruma engine VS Code uses) and checks the scopes of chosen words.
// Run by scripts/vscode-grammar-test.sh, which installs the two packages.
"use strict";
const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const wasm = fs.readFileSync(path.join(path.dirname(require.resolve("vscode-oniguruma")), "onig.wasm")).buffer;
const grammarPath = path.join(__dirname, "..", "syntaxes", "amir.tmLanguage.json");

const cases = [
  ['  %add, %ctl = AddV2(%x, %y#1) name("add") {T = f32} : (tensor<f32>) -> (tensor<f32>) // note', [
    ["%add", "variable.other.ssa"], ["%ctl", "variable.other.constant.control"], ["AddV2", "entity.name.function.op"],
    ["%y#1", "variable.other.ssa"], ["name", "keyword.other"], ['"add"', "string.quoted.double"], ["T", "entity.other.attribute-name"],
    ["f32", "storage.type.builtin"], ["tensor", "storage.type.builtin"], ["// note", "comment.line.double-slash"]]],
  ['  %0:2 = "tfg.Const"(%ctl_2) {value = dense<[-1, 128]> : tensor<2xi32>} : (!tf_type.control) -> (tensor<2xi32>, !tf_type.control)', [
    ["%0:2", "variable.other.ssa"], ["tfg.Const", "entity.name.function.op"], ["%ctl_2", "variable.other.constant.control"],
    ["dense", "keyword.other"], ["128", "constant.numeric"], ["!tf_type.control", "variable.other.constant.control"]]],
  ["tfg.func @double(%a: tensor<f32> {tfg.name = \"a\"}) -> (tensor<f32>) {", [
    ["tfg.func", "keyword.other"], ["@double", "entity.name.function.symbol"], ["%a", "variable.other.ssa"], ["tfg.name", "entity.other.attribute-name"]]],
  ["  %r, %ctl_1 = StatelessIfRegion %c then { ^bb0: } else { } : (tensor<i1>) -> (tensor<f32>)", [
    ["StatelessIfRegion", "entity.name.function.op"], ["then", "keyword.other"], ["^bb0", "entity.name.label.block"]]],
  ["#map = {k = \"v\"} !ty = tensor<4xf32>", [["#map", "constant.other.attribute"], ["!ty", "entity.name.type.dialect"]]],
];

async function main() {
  const lib = oniguruma.loadWASM(wasm).then(() => ({
    createOnigScanner: (p) => new oniguruma.OnigScanner(p),
    createOnigString: (s) => new oniguruma.OnigString(s),
  }));
  const registry = new vsctm.Registry({
    onigLib: lib,
    loadGrammar: async (scope) => (scope === "source.amir" ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, "utf8"), grammarPath) : null),
  });
  const grammar = await registry.loadGrammar("source.amir");
  let failures = 0;
  let checked = 0;
  for (const [line, expects] of cases) {
    const { tokens } = grammar.tokenizeLine(line, vsctm.INITIAL);
    for (const [word, scope] of expects) {
      const at = line.indexOf(word);
      const tok = tokens.find((t) => t.startIndex <= at && at < t.endIndex);
      const scopes = tok ? tok.scopes.join(" ") : "(none)";
      checked++;
      if (!scopes.includes(scope) || (!scope.startsWith("string") && tok.endIndex < at + word.length)) {
        failures++;
        console.error(`FAIL: ${JSON.stringify(word)} in ${JSON.stringify(line)}: ${scopes} [${tok && line.slice(tok.startIndex, tok.endIndex)}], want ${scope}`);
      }
    }
  }
  console.log(`vscode grammar: ${checked - failures}/${checked} scopes as expected`);
  process.exit(failures ? 1 : 0);
}
main().catch((e) => { console.error(e); process.exit(1); });
