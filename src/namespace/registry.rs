//! The namespace registry: every namespace version amanda-opt knows (the vocabularies built
//! into the binary from `dialects/`, plus schema files given with `--namespace-file`), the
//! hierarchy (`amanda/tensorflow` → its newest version), version inheritance and op lookup.
//!
//! A version is a chain of layers: its own file, then the version it `inherits`, and so on;
//! the first layer that has the op (or removes it) answers. ONNX files hold every opset of a
//! domain: `amanda/onnx/opset-13` is the ONNX file read at opset 13. Building the registry
//! reads only the header line of each built-in file (microseconds); where its op lines begin
//! was computed at build time.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock, RwLock};

use rustc_hash::FxHashMap;

use super::jsonl::{Found, JsonlFile, Text};
use super::schema::{Framework, OpSchema};
use super::yaml::YamlNamespace;

/// The vocabularies compiled into the binary, every `dialects/<framework>/*.jsonl` (listed
/// by `build.rs`): (path under the repository, text, where each op line begins).
pub const BUILTIN_FILES: &[(&str, &str, &[u32])] = include!(concat!(env!("OUT_DIR"), "/builtin_namespaces.rs"));

/// Where a version's ops come from.
enum Source {
    File { file: usize, opset: Option<u32> },
    Yaml(FxHashMap<String, Arc<OpSchema>>),
}

/// One namespace version (`amanda/tensorflow/2.21`).
pub struct NsVersion {
    /// Full name.
    pub name: String,
    /// The namespace it belongs to (`amanda/tensorflow`).
    pub group: String,
    /// The version part (`2.21`, `opset-13`).
    pub version: String,
    pub framework: Framework,
    /// Provenance: the package the vocabulary was generated from, or the schema file.
    pub source: String,
    /// Index of the version it inherits from.
    pub parent: Option<usize>,
    removed: Vec<String>,
    src: Source,
}

/// Every known namespace version.
pub struct Registry {
    files: Vec<JsonlFile>,
    versions: Vec<NsVersion>,
    by_name: FxHashMap<String, usize>,
}

/// How versions compare: numerically part by part (`2.9` < `2.15`, `opset-9` < `opset-10`).
pub fn compare_versions(a: &str, b: &str) -> Ordering {
    fn parts(s: &str) -> Vec<(u64, &str)> {
        s.split(['.', '-'])
            .map(|p| {
                let digits: String = p.chars().filter(char::is_ascii_digit).collect();
                (digits.parse().unwrap_or(0), p)
            })
            .collect()
    }
    parts(a).cmp(&parts(b))
}

fn split_name(full: &str) -> (String, String) {
    match full.rsplit_once('/') {
        Some((g, v)) => (g.to_string(), v.to_string()),
        None => (String::new(), full.to_string()),
    }
}

impl Registry {
    /// The built-in vocabularies (headers only).
    pub fn builtin() -> Registry {
        let mut r = Registry { files: Vec::new(), versions: Vec::new(), by_name: FxHashMap::default() };
        for (path, text, starts) in BUILTIN_FILES {
            // The built-in files are tested to have valid headers; a bad one is skipped.
            if let Ok(f) = JsonlFile::builtin(path, text, starts) {
                r.add_file(f);
            }
        }
        r.link_parents();
        r
    }

    fn add_file(&mut self, f: JsonlFile) {
        let idx = self.files.len();
        let h = f.header.clone();
        let framework = f.framework();
        if h.versioned.as_deref() == Some("since") {
            let prefix = h.version_prefix.clone().unwrap_or_default();
            for v in h.first.unwrap_or(1)..=h.last.unwrap_or(0) {
                let version = format!("{}{}", prefix, v);
                self.push(NsVersion {
                    name: format!("{}/{}", h.namespace, version),
                    group: h.namespace.clone(),
                    version,
                    framework,
                    source: h.source.clone(),
                    parent: None,
                    removed: Vec::new(),
                    src: Source::File { file: idx, opset: Some(v) },
                });
            }
        } else {
            let (group, version) = split_name(&h.namespace);
            self.push(NsVersion {
                name: h.namespace.clone(),
                group,
                version,
                framework,
                source: h.source.clone(),
                parent: None,
                removed: h.removed.clone(),
                src: Source::File { file: idx, opset: None },
            });
        }
        self.files.push(f);
    }

    fn push(&mut self, v: NsVersion) {
        let i = self.versions.len();
        self.by_name.insert(v.name.clone(), i);
        self.versions.push(v);
    }

    fn link_parents(&mut self) {
        for i in 0..self.versions.len() {
            if let Source::File { file, opset: None } = self.versions[i].src {
                if let Some(p) = &self.files[file].header.inherits {
                    self.versions[i].parent = self.by_name.get(p).copied();
                }
            }
        }
    }

    /// Adds a schema file read at run time (`.jsonl` in the generated form, or `.yaml`/`.yml`
    /// in the Amanda design's form). A version already known is replaced.
    pub fn add_schema_file(&mut self, path: &str, text: &str) -> Result<String, String> {
        if path.ends_with(".jsonl") || path.ends_with(".json") {
            let f = JsonlFile::new(path, Text::Owned(Arc::from(text)))?;
            f.parse_all()?;
            let name = f.header.namespace.clone();
            self.add_file(f);
            self.link_parents();
            Ok(name)
        } else {
            let y = super::yaml::parse(path, text)?;
            let name = y.name.clone();
            self.add_yaml(path, y);
            Ok(name)
        }
    }

    fn add_yaml(&mut self, path: &str, y: YamlNamespace) {
        let (group, version) = split_name(&y.name);
        let ops = y.ops.into_iter().map(|o| (o.name.clone(), Arc::new(o))).collect();
        self.push(NsVersion {
            name: y.name,
            group,
            version,
            framework: y.framework,
            source: format!("{} (type system {})", path, y.type_system),
            parent: None,
            removed: Vec::new(),
            src: Source::Yaml(ops),
        });
    }

    pub fn versions(&self) -> &[NsVersion] {
        &self.versions
    }

    pub fn version(&self, i: usize) -> &NsVersion {
        &self.versions[i]
    }

    /// Resolves a namespace name: a version (`amanda/tensorflow/2.21`) or a namespace
    /// (`amanda/tensorflow` → its newest version). The `amanda/` prefix may be left out.
    pub fn resolve(&self, name: &str) -> Option<usize> {
        let name = name.trim_end_matches('/');
        if let Some(&i) = self.by_name.get(name) {
            return Some(i);
        }
        if let Some(i) = self.newest_in(name) {
            return Some(i);
        }
        if !name.starts_with("amanda/") {
            return self.resolve(&format!("amanda/{}", name));
        }
        None
    }

    /// The newest version whose group is exactly `group`.
    pub fn newest_in(&self, group: &str) -> Option<usize> {
        self.versions
            .iter()
            .enumerate()
            .filter(|(_, v)| v.group == group)
            .max_by(|(_, a), (_, b)| compare_versions(&a.version, &b.version))
            .map(|(i, _)| i)
    }

    /// Namespaces (groups) and their versions, oldest first.
    pub fn tree(&self) -> BTreeMap<&str, Vec<usize>> {
        let mut t: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, v) in self.versions.iter().enumerate() {
            t.entry(v.group.as_str()).or_default().push(i);
        }
        for list in t.values_mut() {
            list.sort_by(|&a, &b| compare_versions(&self.versions[a].version, &self.versions[b].version));
        }
        t
    }

    /// The schema of op `name` in version `v`, following inheritance.
    pub fn lookup(&self, v: usize, name: &str) -> Option<Arc<OpSchema>> {
        let mut cur = Some(v);
        while let Some(i) = cur {
            let ver = &self.versions[i];
            match &ver.src {
                Source::Yaml(ops) => {
                    if let Some(s) = ops.get(name) {
                        return Some(s.clone());
                    }
                }
                Source::File { file, opset } => match self.files[*file].find(name, *opset) {
                    Found::Schema(s) => return Some(s),
                    Found::Removed => return None,
                    Found::Absent => {}
                },
            }
            if ver.removed.iter().any(|r| r == name) {
                return None;
            }
            cur = ver.parent;
        }
        None
    }

    /// Every op name of version `v` (inherited ones included), sorted.
    pub fn op_names(&self, v: usize) -> Vec<String> {
        let mut chain = Vec::new();
        let mut cur = Some(v);
        while let Some(i) = cur {
            chain.push(i);
            cur = self.versions[i].parent;
        }
        let mut names: Vec<String> = Vec::new();
        let mut removed: Vec<&str> = Vec::new();
        for &i in &chain {
            let ver = &self.versions[i];
            let mine: Vec<String> = match &ver.src {
                Source::Yaml(ops) => ops.keys().cloned().collect(),
                Source::File { file, opset } => self.files[*file].names(*opset),
            };
            names.extend(mine.into_iter().filter(|n| !removed.contains(&n.as_str())));
            removed.extend(ver.removed.iter().map(String::as_str));
        }
        names.sort();
        names.dedup();
        names
    }

    /// For versioned files: the opsets at which op `name` of version `v` changed.
    pub fn op_history(&self, v: usize, name: &str) -> Vec<u32> {
        match &self.versions[v].src {
            Source::File { file, opset: Some(_) } => self.files[*file].versions_of(name),
            _ => Vec::new(),
        }
    }

    /// Parses every line of every file (tests, `--list-namespaces`).
    pub fn check_files(&self) -> Result<usize, String> {
        let mut n = 0;
        for f in &self.files {
            n += f.parse_all()?;
        }
        Ok(n)
    }
}

static GLOBAL: OnceLock<RwLock<Registry>> = OnceLock::new();

/// The process-wide registry (built-in vocabularies, then files added with
/// [`add_global_schema_file`]).
pub fn global() -> &'static RwLock<Registry> {
    GLOBAL.get_or_init(|| RwLock::new(Registry::builtin()))
}

/// Reads a schema file into the global registry; returns the namespace it defines.
pub fn add_global_schema_file(path: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read namespace file '{}': {}", path, e))?;
    let mut r = global().write().map_err(|_| "namespace registry is poisoned".to_string())?;
    r.add_schema_file(path, &text)
}
