//! AMD (ROCm): register, spill, LDS and scratch figures from the code object's AMDGPU
//! metadata note (msgpack, the program binary), from its YAML text form (`.amdgpu_metadata`
//! in `-save-temps` assembly or `llvm-readelf --notes`), or from the `; Kernel info:` comment
//! blocks of the assembly; ISA instruction counts from that assembly when it is available.

use super::tools::number_after;
use super::{elf, ClassCounts, Metric};

/// What AMD's compiler reports for one kernel.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AmdKernelInfo {
    /// Vector registers per work-item (reported as `registers`).
    pub vgprs: Option<u64>,
    /// Scalar registers per wavefront.
    pub sgprs: Option<u64>,
    /// Accumulation registers (CDNA matrix cores).
    pub agprs: Option<u64>,
    /// Vector registers spilled to scratch memory.
    pub vgpr_spills: Option<u64>,
    /// Scalar registers spilled.
    pub sgpr_spills: Option<u64>,
    /// Local (LDS) memory per work-group in bytes.
    pub lds_bytes: Option<u64>,
    /// Private scratch memory per work-item in bytes (spills and private arrays).
    pub scratch_bytes: Option<u64>,
    /// Machine code size in bytes.
    pub code_bytes: Option<u64>,
    /// Wavefront size (32 or 64).
    pub wavefront: Option<u64>,
    /// Waves per SIMD the compiler reports as reachable.
    pub occupancy: Option<u64>,
}

impl AmdKernelInfo {
    /// The figures as portable metrics, each tagged with `source` (where they were read).
    pub fn metrics(&self, source: &str) -> Vec<Metric> {
        let f = |k: &str, v: Option<u64>| Metric {
            key: k.into(),
            value: v,
            source: source.into(),
        };
        vec![
            f("registers", self.vgprs),
            f("sgprs", self.sgprs),
            f("agprs", self.agprs),
            f("vgpr_spills", self.vgpr_spills),
            f("sgpr_spills", self.sgpr_spills),
            f("lds_bytes", self.lds_bytes),
            f("scratch_bytes", self.scratch_bytes),
            f("code_bytes", self.code_bytes),
            f("wavefront", self.wavefront),
            f("occupancy", self.occupancy),
        ]
    }

    fn set(&mut self, key: &str, v: u64) {
        let slot = match key {
            ".vgpr_count" | "NumVgprs" => &mut self.vgprs,
            ".sgpr_count" | "NumSgprs" => &mut self.sgprs,
            ".agpr_count" | "NumAgprs" => &mut self.agprs,
            ".vgpr_spill_count" => &mut self.vgpr_spills,
            ".sgpr_spill_count" => &mut self.sgpr_spills,
            ".group_segment_fixed_size" | "LDSByteSize" => &mut self.lds_bytes,
            ".private_segment_fixed_size" | "ScratchSize" => &mut self.scratch_bytes,
            "codeLenInByte" => &mut self.code_bytes,
            ".wavefront_size" => &mut self.wavefront,
            "Occupancy" => &mut self.occupancy,
            _ => return,
        };
        *slot = Some(v);
    }
}

/// The `; Kernel info:` blocks of AMDGPU assembly, each named by the preceding `.globl`.
pub fn parse_kernel_info(asm: &str) -> Vec<(String, AmdKernelInfo)> {
    let mut out: Vec<(String, AmdKernelInfo)> = Vec::new();
    let mut last_globl: Option<String> = None;
    let mut in_block = false;
    for line in asm.lines() {
        let t = line.trim();
        if let Some(name) = t.strip_prefix(".globl") {
            last_globl = Some(name.trim().to_string());
            in_block = false;
            continue;
        }
        if t.starts_with("; Kernel info:") {
            if let Some(name) = &last_globl {
                out.push((name.clone(), AmdKernelInfo::default()));
                in_block = true;
            }
            continue;
        }
        if !in_block {
            continue;
        }
        let Some(body) = t.strip_prefix(';') else {
            in_block = false;
            continue;
        };
        let body = body.trim();
        let (key, sep) = match (body.find(':'), body.find(" = ")) {
            (Some(c), Some(e)) if e < c => (&body[..e], " = "),
            (Some(c), _) => (&body[..c], ":"),
            (None, Some(e)) => (&body[..e], " = "),
            (None, None) => continue,
        };
        if let Some(v) = number_after(body, &format!("{key}{sep}")) {
            out.last_mut().expect("block open").1.set(key.trim(), v);
        }
    }
    out
}

/// Kernel entries of the YAML metadata (`amdhsa.kernels:`), keyed by `.name`.
pub fn parse_metadata_yaml(text: &str) -> Vec<(String, AmdKernelInfo)> {
    // Kernel-level keys share the column of `.symbol:`; a list item `- ` two columns to its
    // left starts a kernel. Argument entries (also with `.name:`) sit deeper.
    let col = |l: &str| l.len() - l.trim_start().len();
    let Some(key_col) = text
        .lines()
        .find(|l| l.trim_start().starts_with(".symbol:"))
        .map(col)
    else {
        return Vec::new();
    };
    let mut out: Vec<(String, AmdKernelInfo)> = Vec::new();
    let mut current: Option<(Option<String>, AmdKernelInfo)> = None;
    for line in text.lines() {
        let c = col(line);
        let t = line.trim();
        let (key_text, at) = match t.strip_prefix("- ") {
            Some(rest) if c + 2 == key_col => {
                if let Some((Some(n), info)) = current.take() {
                    out.push((n, info));
                }
                current = Some((None, AmdKernelInfo::default()));
                (rest.trim_start(), key_col)
            }
            _ => (t, c),
        };
        if at != key_col {
            continue;
        }
        let Some(cur) = current.as_mut() else {
            continue;
        };
        let Some((k, v)) = key_text.split_once(':') else {
            continue;
        };
        let v = v.trim().trim_matches('\'').trim_matches('"');
        if k == ".name" {
            cur.0 = Some(v.to_string());
        } else if let Ok(n) = v.parse::<u64>() {
            cur.1.set(k, n);
        }
    }
    if let Some((Some(n), info)) = current {
        out.push((n, info));
    }
    out
}

/// Per-kernel static ISA counts of AMDGPU assembly (`-save-temps` output): instructions
/// between `NAME:` and the function's end label.
pub fn isa_counts(asm: &str) -> Vec<(String, ClassCounts)> {
    per_kernel(asm, |c, op| classify_gcn(op, c))
}

/// Folds each instruction of AMDGPU assembly into its kernel's `T` (`add(t, opcode)`): the
/// instructions between a `.globl` kernel's `NAME:` and its `.Lfunc_end` label.
pub fn per_kernel<T: Default>(asm: &str, mut add: impl FnMut(&mut T, &str)) -> Vec<(String, T)> {
    let mut out: Vec<(String, T)> = Vec::new();
    let mut globls: Vec<String> = Vec::new();
    let mut inside = false;
    for line in asm.lines() {
        let t = line.split(';').next().unwrap_or("").trim();
        if let Some(n) = t.strip_prefix(".globl") {
            globls.push(n.trim().to_string());
            continue;
        }
        if let Some(label) = t.strip_suffix(':') {
            if globls.iter().any(|g| g == label) {
                out.push((label.to_string(), T::default()));
                inside = true;
            } else if label.starts_with(".Lfunc_end") {
                inside = false;
            }
            continue;
        }
        if !inside || t.is_empty() || t.starts_with('.') {
            continue;
        }
        let op = t.split_whitespace().next().unwrap_or("");
        if let Some((_, c)) = out.last_mut() {
            add(c, op);
        }
    }
    out
}

fn classify_gcn(op: &str, c: &mut ClassCounts) {
    let starts = |p: &str| op.starts_with(p);
    c.total += 1;
    if starts("global_load") || starts("buffer_load") || starts("flat_load") {
        c.fetch += 1
    } else if starts("s_load") || starts("s_buffer_load") {
        c.const_loads += 1
    } else if starts("ds_read") || starts("ds_load") || starts("scratch_load") {
        c.other_loads += 1
    } else if starts("global_store")
        || starts("buffer_store")
        || starts("flat_store")
        || starts("ds_write")
        || starts("ds_store")
        || starts("scratch_store")
    {
        c.store += 1
    } else if starts("s_branch")
        || starts("s_cbranch")
        || starts("s_endpgm")
        || starts("s_setpc")
        || starts("s_barrier")
        || starts("s_waitcnt")
    {
        c.control += 1
    } else {
        c.alu += 1
    }
}

/// A decoded msgpack value (only what AMD metadata uses).
#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    /// msgpack nil.
    Nil,
    /// A boolean.
    Bool(bool),
    /// Any integer (signed or unsigned, up to 64 bits).
    Int(i128),
    /// A float (32- or 64-bit).
    Float(f64),
    /// A UTF-8 string.
    Str(String),
    /// Raw bytes.
    Bin(Vec<u8>),
    /// An array.
    Array(Vec<Msg>),
    /// A map as key-value pairs in file order.
    Map(Vec<(Msg, Msg)>),
}

impl Msg {
    /// The value of string key `key` in a map (`None` for other values or a missing key).
    pub fn get(&self, key: &str) -> Option<&Msg> {
        match self {
            Msg::Map(kv) => kv
                .iter()
                .find(|(k, _)| matches!(k, Msg::Str(s) if s == key))
                .map(|(_, v)| v),
            _ => None,
        }
    }
}

/// Decodes one msgpack value; returns it and the bytes consumed.
pub fn msgpack(b: &[u8]) -> Option<(Msg, usize)> {
    let mut o = 0usize;
    let v = decode(b, &mut o, 0)?;
    Some((v, o))
}

fn take<'a>(b: &'a [u8], o: &mut usize, n: usize) -> Option<&'a [u8]> {
    let s = b.get(*o..o.checked_add(n)?)?;
    *o += n;
    Some(s)
}

fn be(b: &[u8], o: &mut usize, n: usize) -> Option<u64> {
    Some(
        take(b, o, n)?
            .iter()
            .fold(0u64, |acc, &x| (acc << 8) | x as u64),
    )
}

fn decode(b: &[u8], o: &mut usize, depth: usize) -> Option<Msg> {
    if depth > 64 {
        return None;
    }
    let t = *b.get(*o)?;
    *o += 1;
    let str_of = |b: &[u8], o: &mut usize, n: usize| -> Option<Msg> {
        Some(Msg::Str(
            String::from_utf8_lossy(take(b, o, n)?).into_owned(),
        ))
    };
    let arr = |b: &[u8], o: &mut usize, n: usize| -> Option<Msg> {
        let mut v = Vec::with_capacity(n.min(1024));
        for _ in 0..n {
            v.push(decode(b, o, depth + 1)?);
        }
        Some(Msg::Array(v))
    };
    let map = |b: &[u8], o: &mut usize, n: usize| -> Option<Msg> {
        let mut v = Vec::with_capacity(n.min(1024));
        for _ in 0..n {
            let k = decode(b, o, depth + 1)?;
            v.push((k, decode(b, o, depth + 1)?));
        }
        Some(Msg::Map(v))
    };
    match t {
        0x00..=0x7f => Some(Msg::Int(t as i128)),
        0x80..=0x8f => map(b, o, (t & 0x0f) as usize),
        0x90..=0x9f => arr(b, o, (t & 0x0f) as usize),
        0xa0..=0xbf => str_of(b, o, (t & 0x1f) as usize),
        0xc0 => Some(Msg::Nil),
        0xc2 => Some(Msg::Bool(false)),
        0xc3 => Some(Msg::Bool(true)),
        0xc4..=0xc6 => {
            let n = be(b, o, 1 << (t - 0xc4))? as usize;
            Some(Msg::Bin(take(b, o, n)?.to_vec()))
        }
        0xca => Some(Msg::Float(f32::from_bits(be(b, o, 4)? as u32) as f64)),
        0xcb => Some(Msg::Float(f64::from_bits(be(b, o, 8)?))),
        0xcc..=0xcf => Some(Msg::Int(be(b, o, 1 << (t - 0xcc))? as i128)),
        0xd0..=0xd3 => {
            let n = 1usize << (t - 0xd0);
            let raw = be(b, o, n)?;
            let shift = 64 - 8 * n as u32;
            Some(Msg::Int((((raw << shift) as i64) >> shift) as i128))
        }
        0xd9..=0xdb => {
            let n = be(b, o, 1 << (t - 0xd9))? as usize;
            str_of(b, o, n)
        }
        0xdc | 0xdd => {
            let n = be(b, o, if t == 0xdc { 2 } else { 4 })? as usize;
            arr(b, o, n)
        }
        0xde | 0xdf => {
            let n = be(b, o, if t == 0xde { 2 } else { 4 })? as usize;
            map(b, o, n)
        }
        0xe0..=0xff => Some(Msg::Int((t as i8) as i128)),
        _ => None, // ext types: not used by AMD metadata
    }
}

/// Kernel entries of a decoded `amdhsa.kernels` metadata map.
pub fn kernels_from_msgpack(meta: &Msg) -> Vec<(String, AmdKernelInfo)> {
    let Some(Msg::Array(ks)) = meta.get("amdhsa.kernels") else {
        return Vec::new();
    };
    ks.iter()
        .filter_map(|k| {
            let Some(Msg::Str(name)) = k.get(".name") else {
                return None;
            };
            let mut info = AmdKernelInfo::default();
            if let Msg::Map(kv) = k {
                for (key, v) in kv {
                    if let (Msg::Str(key), Msg::Int(n)) = (key, v) {
                        if *n >= 0 {
                            info.set(key, *n as u64);
                        }
                    }
                }
            }
            Some((name.clone(), info))
        })
        .collect()
}

/// NT_AMDGPU_METADATA (32) of owner "AMDGPU" in a code object, decoded.
pub fn metadata_from_code_object(bin: &[u8]) -> Option<Vec<(String, AmdKernelInfo)>> {
    let (_, _, desc) = elf::all_notes(bin)
        .into_iter()
        .find(|(name, ty, _)| name == "AMDGPU" && *ty == 32)?;
    let (meta, _) = msgpack(desc)?;
    Some(kernels_from_msgpack(&meta))
}

/// AMD figures for one kernel from the program binary.
pub fn metrics(kernel: &str, binary: Option<&[u8]>) -> (Vec<Metric>, Option<String>) {
    let source = "AMDGPU metadata note (code object)";
    let found = binary
        .and_then(metadata_from_code_object)
        .and_then(|ks| ks.into_iter().find(|(n, _)| n == kernel));
    match found {
        Some((_, info)) => (info.metrics(source), None),
        None => (
            AmdKernelInfo::default().metrics(source),
            Some("no AMDGPU metadata note for this kernel in the program binary".into()),
        ),
    }
}
