//! Just enough ELF64 (little-endian) reading to find a section by name and the notes of a
//! code object: AMD's metadata note and Intel's `.ze_info` live in the program binary.

fn u16_at(b: &[u8], o: usize) -> Option<u64> {
    Some(u16::from_le_bytes(b.get(o..o + 2)?.try_into().ok()?) as u64)
}
fn u32_at(b: &[u8], o: usize) -> Option<u64> {
    Some(u32::from_le_bytes(b.get(o..o + 4)?.try_into().ok()?) as u64)
}
fn u64_at(b: &[u8], o: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(o..o + 8)?.try_into().ok()?))
}

/// (name, type, bytes) of every section of a 64-bit little-endian ELF file.
pub fn sections(b: &[u8]) -> Option<Vec<(String, u32, &[u8])>> {
    if b.get(0..4)? != b"\x7fELF" || *b.get(4)? != 2 || *b.get(5)? != 1 {
        return None;
    }
    let shoff = u64_at(b, 0x28)? as usize;
    let shentsize = u16_at(b, 0x3A)? as usize;
    let shnum = u16_at(b, 0x3C)? as usize;
    let shstrndx = u16_at(b, 0x3E)? as usize;
    let header = |i: usize| -> Option<(u64, u32, usize, usize)> {
        let h = shoff.checked_add(i.checked_mul(shentsize)?)?;
        Some((
            u32_at(b, h)?,
            u32_at(b, h + 4)? as u32,
            u64_at(b, h + 24)? as usize,
            u64_at(b, h + 32)? as usize,
        ))
    };
    let (_, _, str_off, str_size) = header(shstrndx)?;
    let strtab = b.get(str_off..str_off.checked_add(str_size)?)?;
    let mut out = Vec::with_capacity(shnum);
    for i in 0..shnum {
        let (name_off, ty, off, size) = header(i)?;
        let name_bytes = strtab.get(name_off as usize..)?;
        let end = name_bytes.iter().position(|&c| c == 0)?;
        let name = String::from_utf8_lossy(&name_bytes[..end]).into_owned();
        // SHT_NOBITS (8) occupies no file space.
        let data: &[u8] = if ty == 8 {
            &[]
        } else {
            b.get(off..off.checked_add(size)?)?
        };
        out.push((name, ty, data));
    }
    Some(out)
}

/// The bytes of the named section.
pub fn section<'a>(b: &'a [u8], name: &str) -> Option<&'a [u8]> {
    sections(b)?
        .into_iter()
        .find(|(n, _, _)| n == name)
        .map(|(_, _, d)| d)
}

/// (owner name, type, descriptor) of every note in a note section's bytes.
pub fn notes(sec: &[u8]) -> Vec<(String, u32, &[u8])> {
    let mut out = Vec::new();
    let mut o = 0usize;
    let pad = |x: usize| x.div_ceil(4) * 4;
    while let (Some(namesz), Some(descsz), Some(ty)) =
        (u32_at(sec, o), u32_at(sec, o + 4), u32_at(sec, o + 8))
    {
        let (namesz, descsz) = (namesz as usize, descsz as usize);
        let name_at = o + 12;
        let desc_at = name_at + pad(namesz);
        let (Some(name), Some(desc)) = (
            sec.get(name_at..name_at + namesz),
            sec.get(desc_at..desc_at + descsz),
        ) else {
            break;
        };
        let name = String::from_utf8_lossy(name)
            .trim_end_matches('\0')
            .to_string();
        out.push((name, ty as u32, desc));
        o = desc_at + pad(descsz);
    }
    out
}

/// All notes of all SHT_NOTE (7) sections.
pub fn all_notes(b: &[u8]) -> Vec<(String, u32, &[u8])> {
    sections(b)
        .unwrap_or_default()
        .into_iter()
        .filter(|(_, ty, _)| *ty == 7)
        .flat_map(|(_, _, d)| notes(d))
        .collect()
}
