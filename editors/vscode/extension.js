// The client side of amanda-lsp: starts the server (stdio) for .amir/.mlir files.
// Install: `npm install` in this folder (vscode-languageclient), then copy or symlink the folder
// into ~/.vscode/extensions/ (or `vsce package` and install the .vsix); see docs/editors.md.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("amanda.lsp");
  const command = config.get("path") || "amanda-lsp";
  const serverOptions = {
    run: { command, transport: TransportKind.stdio },
    debug: { command, transport: TransportKind.stdio },
  };
  const clientOptions = {
    documentSelector: [{ scheme: "file", language: "amir" }, { scheme: "untitled", language: "amir" }],
    outputChannelName: "amanda-lsp",
  };
  client = new LanguageClient("amanda.lsp", "amanda-lsp", serverOptions, clientOptions);
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
