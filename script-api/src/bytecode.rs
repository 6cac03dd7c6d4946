//! Reads Lua 5.4 bytecode (`Function::dump` with debug info) just far enough to find
//! assignments to upvalues: the prototype tree, each prototype's code, upvalue descriptors,
//! line info and upvalue names.

/// `OP_SETUPVAL` in Lua 5.4's `lopcodes.h`: `UpValue[B] := R[A]`.
const OP_SETUPVAL: u32 = 10;
/// Marks an absolute entry in a prototype's relative line info.
const ABSLINEINFO: i8 = -0x80;

/// One function prototype.
struct Proto {
    line_defined: u32,
    code: Vec<u32>,
    /// (instack, idx) of each upvalue.
    upvalues: Vec<(bool, u8)>,
    protos: Vec<Proto>,
    lineinfo: Vec<i8>,
    abslineinfo: Vec<(usize, u32)>,
    upvalue_names: Vec<String>,
}

impl Proto {
    fn line_of(&self, pc: usize) -> Option<u32> {
        if self.lineinfo.is_empty() {
            return None;
        }
        let mut line = i64::from(self.line_defined);
        for (p, &d) in self.lineinfo.iter().enumerate().take(pc + 1) {
            if d == ABSLINEINFO {
                line = i64::from(self.abslineinfo.iter().find(|a| a.0 == p)?.1);
            } else {
                line += i64::from(d);
            }
        }
        u32::try_from(line).ok()
    }
}

struct Reader<'a> {
    b: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let v = *self.b.get(self.i).ok_or("truncated bytecode")?;
        self.i += 1;
        Ok(v)
    }

    fn bytes(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.i.checked_add(n).ok_or("bad size")?;
        let v = self.b.get(self.i..end).ok_or("truncated bytecode")?;
        self.i = end;
        Ok(v)
    }

    fn size(&mut self) -> Result<usize, String> {
        let mut x: usize = 0;
        loop {
            let b = self.byte()?;
            x = x.checked_mul(128).ok_or("bad size")? | usize::from(b & 0x7f);
            if b & 0x80 != 0 {
                return Ok(x);
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        let n = self.size()?;
        if n == 0 {
            return Ok(String::new());
        }
        Ok(String::from_utf8_lossy(self.bytes(n - 1)?).into_owned())
    }

    fn proto(&mut self, depth: usize) -> Result<Proto, String> {
        if depth > 200 {
            return Err("functions nested too deeply".into());
        }
        self.string()?;
        let line_defined = u32::try_from(self.size()?).map_err(|e| e.to_string())?;
        self.size()?;
        self.bytes(3)?;
        let n = self.size()?;
        let code = self
            .bytes(n.checked_mul(4).ok_or("bad size")?)?
            .chunks_exact(4)
            .map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        for _ in 0..self.size()? {
            match self.byte()? {
                0x03 | 0x13 => {
                    self.bytes(8)?;
                }
                0x04 | 0x14 => {
                    self.string()?;
                }
                _ => {}
            }
        }
        let mut upvalues = Vec::new();
        for _ in 0..self.size()? {
            let v = self.bytes(3)?;
            upvalues.push((v[0] != 0, v[1]));
        }
        let mut protos = Vec::new();
        for _ in 0..self.size()? {
            protos.push(self.proto(depth + 1)?);
        }
        let n = self.size()?;
        let lineinfo = self.bytes(n)?.iter().map(|&b| b as i8).collect();
        let mut abslineinfo = Vec::new();
        for _ in 0..self.size()? {
            let pc = self.size()?;
            let line = u32::try_from(self.size()?).map_err(|e| e.to_string())?;
            abslineinfo.push((pc, line));
        }
        for _ in 0..self.size()? {
            self.string()?;
            self.size()?;
            self.size()?;
        }
        let mut upvalue_names = Vec::new();
        for _ in 0..self.size()? {
            upvalue_names.push(self.string()?);
        }
        Ok(Proto {
            line_defined,
            code,
            upvalues,
            protos,
            lineinfo,
            abslineinfo,
            upvalue_names,
        })
    }
}

/// An assignment to an upvalue that outlives the script's load.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct UpvalueWrite {
    /// The line of the assignment, when the dump has line info.
    pub line: Option<u32>,
    /// The variable's name.
    pub name: String,
}

/// The assignments, in the function dumped as `dump` or in any function nested in it, to an
/// upvalue of the dumped function (all of which outlive the load when the function does).
/// Writes to the locals of a running call, even through nested closures, are not reported.
pub(crate) fn persistent_upvalue_writes(dump: &[u8]) -> Result<Vec<UpvalueWrite>, String> {
    let mut r = Reader { b: dump, i: 0 };
    if r.bytes(4)? != b"\x1bLua" || r.byte()? != 0x54 {
        return Err("not Lua 5.4 bytecode".into());
    }
    // format, LUAC_DATA, sizes of Instruction/Integer/Number, LUAC_INT, LUAC_NUM, upvalue count.
    r.bytes(1 + 6 + 3 + 8 + 8 + 1)?;
    let main = r.proto(0)?;
    let mut out = Vec::new();
    let all = vec![true; main.upvalues.len()];
    collect(&main, &all, &mut out);
    Ok(out)
}

fn collect(p: &Proto, persistent: &[bool], out: &mut Vec<UpvalueWrite>) {
    for (pc, &ins) in p.code.iter().enumerate() {
        if ins & 0x7f == OP_SETUPVAL {
            let b = ((ins >> 16) & 0xff) as usize;
            if persistent.get(b).copied().unwrap_or(false) {
                out.push(UpvalueWrite {
                    line: p.line_of(pc),
                    name: p.upvalue_names.get(b).cloned().unwrap_or_default(),
                });
            }
        }
    }
    for child in &p.protos {
        let mask: Vec<bool> = child
            .upvalues
            .iter()
            .map(|&(instack, idx)| {
                !instack && persistent.get(usize::from(idx)).copied().unwrap_or(false)
            })
            .collect();
        if mask.iter().any(|&m| m) {
            collect(child, &mask, out);
        }
    }
}
