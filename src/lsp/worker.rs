//! Checking off the main loop: edits are queued to one worker thread, which analyses only
//! the newest version of each document (a queued version that a newer edit superseded is
//! dropped, and a result that is stale when it finishes is neither stored nor published),
//! stores the [`Analysis`] and publishes its diagnostics. Requests wait for the analysis of
//! the document's current version, so each version is parsed and indexed once.

use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use rustc_hash::FxHashMap;

use super::analysis::Analysis;

/// Sends a `textDocument/publishDiagnostics` for an analysis (or an empty list on close).
pub type Publish = Box<dyn Fn(&str, Option<&Analysis>) + Send>;

enum Job {
    Analyze { uri: String, version: i32, text: Arc<str> },
    Close { uri: String },
    Stop,
}

#[derive(Default)]
struct State {
    /// The newest version of each open document.
    latest: FxHashMap<String, i32>,
    /// The newest analysis of each open document.
    done: FxHashMap<String, Arc<Analysis>>,
}

pub struct Worker {
    jobs: mpsc::Sender<Job>,
    shared: Arc<(Mutex<State>, Condvar)>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// How long a request waits for the analysis of the current version before it answers
/// from the previous one.
const WAIT: Duration = Duration::from_secs(60);

impl Worker {
    pub fn start(publish: Publish) -> Worker {
        let (jobs, receive) = mpsc::channel::<Job>();
        let shared: Arc<(Mutex<State>, Condvar)> = Arc::default();
        let state = shared.clone();
        let thread = std::thread::Builder::new()
            .name("amanda-lsp-check".into())
            .stack_size(crate::syntax::PARSER_STACK)
            .spawn(move || run(receive, state, publish))
            .ok();
        Worker { jobs, shared, thread }
    }

    /// A new version of `uri`: queued for checking.
    pub fn update(&self, uri: &str, version: i32, text: Arc<str>) {
        if let Ok(mut s) = self.shared.0.lock() {
            s.latest.insert(uri.to_string(), version);
        }
        let _ = self.jobs.send(Job::Analyze { uri: uri.to_string(), version, text });
    }

    pub fn close(&self, uri: &str) {
        if let Ok(mut s) = self.shared.0.lock() {
            s.latest.remove(uri);
            s.done.remove(uri);
        }
        let _ = self.jobs.send(Job::Close { uri: uri.to_string() });
    }

    /// The analysis of the current version of `uri` (waiting for the worker when needed).
    pub fn analysis(&self, uri: &str) -> Option<Arc<Analysis>> {
        let (lock, cond) = &*self.shared;
        let mut s = lock.lock().ok()?;
        let deadline = std::time::Instant::now() + WAIT;
        loop {
            let want = *s.latest.get(uri)?;
            if let Some(a) = s.done.get(uri) {
                if a.version == want {
                    return Some(a.clone());
                }
            }
            let now = std::time::Instant::now();
            if now >= deadline {
                return s.done.get(uri).cloned();
            }
            s = cond.wait_timeout(s, deadline - now).ok()?.0;
        }
    }

    pub fn stop(&mut self) {
        let _ = self.jobs.send(Job::Stop);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn is_latest(shared: &(Mutex<State>, Condvar), uri: &str, version: i32) -> bool {
    shared.0.lock().map(|s| s.latest.get(uri) == Some(&version)).unwrap_or(false)
}

fn run(receive: mpsc::Receiver<Job>, shared: Arc<(Mutex<State>, Condvar)>, publish: Publish) {
    while let Ok(first) = receive.recv() {
        // Everything queued meanwhile: only the newest version of each document counts.
        let mut batch = vec![first];
        while let Ok(j) = receive.try_recv() {
            batch.push(j);
        }
        let mut newest: Vec<Job> = Vec::new();
        for job in batch {
            match job {
                Job::Stop => return,
                Job::Analyze { ref uri, .. } | Job::Close { ref uri } => {
                    let uri = uri.clone();
                    newest.retain(|j| !matches!(j, Job::Analyze { uri: u, .. } | Job::Close { uri: u } if *u == uri));
                    newest.push(job);
                }
            }
        }
        for job in newest {
            match job {
                Job::Close { uri } => publish(&uri, None),
                Job::Analyze { uri, version, text } => {
                    if !is_latest(&shared, &uri, version) {
                        continue; // cancelled by a newer edit
                    }
                    let analysis = match std::panic::catch_unwind(|| Analysis::build(text.clone(), version)) {
                        Ok(a) => a,
                        Err(_) => {
                            eprintln!("amanda-lsp: internal error while checking {} (version {}); the index alone is used", uri, version);
                            let mut a = Analysis::build_index_only(text, version);
                            a.diagnostics.push(crate::diag::Diagnostic::error_nowhere("internal error while checking this file (please report this as a bug)"));
                            a
                        }
                    };
                    if !is_latest(&shared, &uri, version) {
                        continue; // a newer edit came while checking
                    }
                    let analysis = Arc::new(analysis);
                    {
                        let (lock, cond) = &*shared;
                        if let Ok(mut s) = lock.lock() {
                            s.done.insert(uri.clone(), analysis.clone());
                        }
                        cond.notify_all();
                    }
                    publish(&uri, Some(&analysis));
                }
                Job::Stop => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_newer_edit_cancels_the_queued_ones() {
        let mut buf = Vec::new();
        crate::testgen::write_graph(&mut buf, 2000, 1).expect("generated");
        let text: Arc<str> = Arc::from(String::from_utf8(buf).expect("utf-8").as_str());
        let published = Arc::new(Mutex::new(Vec::new()));
        let seen = published.clone();
        let mut w = Worker::start(Box::new(move |_, a| {
            if let Some(a) = a {
                seen.lock().unwrap().push(a.version);
            }
        }));
        // 50 versions in a row, far faster than one check of a 2000-op graph.
        for v in 1..=50 {
            w.update("file:///g.mlir", v, text.clone());
        }
        let a = w.analysis("file:///g.mlir").expect("analysed");
        assert_eq!(a.version, 50);
        w.stop();
        let versions = published.lock().unwrap().clone();
        assert_eq!(versions.last(), Some(&50));
        assert!(versions.windows(2).all(|p| p[0] < p[1]), "{:?}", versions);
        assert!(versions.len() < 50, "every version was checked: {:?}", versions);
    }
}
