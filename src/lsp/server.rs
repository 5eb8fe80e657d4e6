//! The server loop: initialize, then notifications (open/change/close go to the
//! [`Worker`]) and requests, each answered on the main loop from the current version's
//! analysis. A panic in a request is caught, logged on stderr and answered with an error:
//! the server stays up.

use std::sync::Arc;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::Notification as _;
use lsp_types::*;
use rustc_hash::FxHashMap;

use super::analysis::Analysis;
use super::index::{TOKEN_MODIFIERS, TOKEN_TYPES};
use super::lines::apply_change;
use super::worker::Worker;

/// The open documents: text and version.
#[derive(Default)]
pub struct Documents {
    docs: FxHashMap<String, (String, i32)>,
}

pub struct Server {
    pub docs: Documents,
    pub worker: Worker,
}

pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::INCREMENTAL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions { prepare_provider: Some(true), work_done_progress_options: Default::default() })),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
            ..Default::default()
        })),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(["%", "^", "@", "#", "!", "{", ":", " ", ","].iter().map(|s| s.to_string()).collect()),
            ..Default::default()
        }),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(SemanticTokensOptions {
            legend: SemanticTokensLegend {
                token_types: TOKEN_TYPES.iter().map(|t| SemanticTokenType::new(t)).collect(),
                token_modifiers: TOKEN_MODIFIERS.iter().map(|t| SemanticTokenModifier::new(t)).collect(),
            },
            full: Some(SemanticTokensFullOptions::Bool(true)),
            range: Some(false),
            ..Default::default()
        })),
        ..Default::default()
    }
}

/// Runs the server on `connection` until `shutdown`/`exit`.
pub fn run(connection: Connection) -> Result<(), String> {
    let caps = serde_json::to_value(capabilities()).map_err(|e| e.to_string())?;
    connection.initialize(caps).map_err(|e| e.to_string())?;
    let sender = connection.sender.clone();
    let publish = Box::new(move |uri: &str, a: Option<&Analysis>| {
        let Ok(uri_v) = uri.parse::<Uri>() else { return };
        let (diagnostics, version) = match a {
            Some(a) => (super::diagnostics::to_lsp(a, &uri_v), Some(a.version)),
            None => (Vec::new(), None),
        };
        let params = PublishDiagnosticsParams { uri: uri_v, diagnostics, version };
        let _ = sender.send(Message::Notification(Notification::new(notification::PublishDiagnostics::METHOD.to_string(), params)));
    });
    let mut server = Server { docs: Documents::default(), worker: Worker::start(publish) };
    for msg in &connection.receiver {
        match msg {
            Message::Request(req) => {
                if connection.handle_shutdown(&req).map_err(|e| e.to_string())? {
                    server.worker.stop();
                    return Ok(());
                }
                let resp = server.request(req);
                connection.sender.send(Message::Response(resp)).map_err(|e| e.to_string())?;
            }
            Message::Notification(n) => server.notification(n),
            Message::Response(_) => {}
        }
    }
    server.worker.stop();
    Ok(())
}

impl Server {
    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            "textDocument/didOpen" => {
                if let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(n.params) {
                    let uri = p.text_document.uri.as_str().to_string();
                    let text: Arc<str> = Arc::from(p.text_document.text.as_str());
                    self.docs.docs.insert(uri.clone(), (p.text_document.text, p.text_document.version));
                    self.worker.update(&uri, p.text_document.version, text);
                }
            }
            "textDocument/didChange" => {
                if let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params) {
                    let uri = p.text_document.uri.as_str().to_string();
                    let Some((text, version)) = self.docs.docs.get_mut(&uri) else { return };
                    for c in p.content_changes {
                        apply_change(text, c.range, &c.text);
                    }
                    *version = p.text_document.version;
                    self.worker.update(&uri, *version, Arc::from(text.as_str()));
                }
            }
            "textDocument/didClose" => {
                if let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params) {
                    let uri = p.text_document.uri.as_str().to_string();
                    self.docs.docs.remove(&uri);
                    self.worker.close(&uri);
                }
            }
            _ => {}
        }
    }

    fn request(&self, req: Request) -> Response {
        let id = req.id.clone();
        let method = req.method.clone();
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.dispatch(req))) {
            Ok(Ok(value)) => Response::new_ok(id, value),
            Ok(Err((code, msg))) => Response::new_err(id, code as i32, msg),
            Err(panic) => {
                let what = panic.downcast_ref::<String>().cloned().or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
                eprintln!("amanda-lsp: internal error in {}: {} (the request failed; the server goes on)", method, what);
                Response::new_err(id, ErrorCode::InternalError as i32, format!("internal error in {}: {}", method, what))
            }
        }
    }

    fn dispatch(&self, req: Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        fn params<P: serde::de::DeserializeOwned>(req: Request) -> Result<P, (ErrorCode, String)> {
            serde_json::from_value(req.params).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
        }
        fn ok<R: serde::Serialize>(r: R) -> Result<serde_json::Value, (ErrorCode, String)> {
            serde_json::to_value(r).map_err(|e| (ErrorCode::InternalError, e.to_string()))
        }
        let doc = |uri: &Uri| self.worker.analysis(uri.as_str()).ok_or((ErrorCode::InvalidParams, format!("{} is not open", uri.as_str())));
        match req.method.as_str() {
            "textDocument/hover" => {
                let p: HoverParams = params(req)?;
                let a = doc(&p.text_document_position_params.text_document.uri)?;
                ok(super::hover::hover(&a, p.text_document_position_params.position))
            }
            "textDocument/definition" => {
                let p: GotoDefinitionParams = params(req)?;
                let uri = p.text_document_position_params.text_document.uri.clone();
                let a = doc(&uri)?;
                ok(super::navigation::definition(&a, &uri, p.text_document_position_params.position))
            }
            "textDocument/references" => {
                let p: ReferenceParams = params(req)?;
                let uri = p.text_document_position.text_document.uri.clone();
                let a = doc(&uri)?;
                ok(super::navigation::references(&a, &uri, p.text_document_position.position, p.context.include_declaration))
            }
            "textDocument/prepareRename" => {
                let p: TextDocumentPositionParams = params(req)?;
                let a = doc(&p.text_document.uri)?;
                ok(super::navigation::prepare_rename(&a, p.position))
            }
            "textDocument/rename" => {
                let p: RenameParams = params(req)?;
                let uri = p.text_document_position.text_document.uri.clone();
                let a = doc(&uri)?;
                super::navigation::rename(&a, &uri, p.text_document_position.position, &p.new_name).map_err(|e| (ErrorCode::InvalidParams, e)).and_then(ok)
            }
            "textDocument/documentSymbol" => {
                let p: DocumentSymbolParams = params(req)?;
                let a = doc(&p.text_document.uri)?;
                ok(DocumentSymbolResponse::Nested(super::outline::symbols(&a)))
            }
            "textDocument/foldingRange" => {
                let p: FoldingRangeParams = params(req)?;
                let a = doc(&p.text_document.uri)?;
                ok(super::outline::folding(&a))
            }
            "textDocument/semanticTokens/full" => {
                let p: SemanticTokensParams = params(req)?;
                let a = doc(&p.text_document.uri)?;
                ok(SemanticTokensResult::Tokens(super::tokens::semantic_tokens(&a)))
            }
            "textDocument/codeAction" => {
                let p: CodeActionParams = params(req)?;
                let a = doc(&p.text_document.uri)?;
                ok(super::actions::code_actions(&a, &p.text_document.uri, p.range))
            }
            "textDocument/completion" => {
                let p: CompletionParams = params(req)?;
                let a = doc(&p.text_document_position.text_document.uri)?;
                ok(CompletionResponse::Array(super::completion::complete(&a, p.text_document_position.position)))
            }
            "textDocument/formatting" => {
                let p: DocumentFormattingParams = params(req)?;
                let a = doc(&p.text_document.uri)?;
                super::formatting::format_document(&a).map_err(|e| (ErrorCode::RequestFailed, e)).and_then(ok)
            }
            "textDocument/rangeFormatting" => {
                let p: DocumentRangeFormattingParams = params(req)?;
                let a = doc(&p.text_document.uri)?;
                super::formatting::format_range(&a, p.range).map_err(|e| (ErrorCode::RequestFailed, e)).and_then(ok)
            }
            "amanda/panic" if std::env::var_os("AMANDA_LSP_TEST_PANIC").is_some() => {
                // Tests check that a panicking request leaves the server running.
                panic!("test panic requested")
            }
            m => Err((ErrorCode::MethodNotFound, format!("unhandled method {}", m))),
        }
    }
}
