//! Checks user-supplied Montgomery constants and roots against the derived ones. When one is
//! wrong it says what it is instead, where it matches a related value: the other limb order,
//! R where R² was meant, p⁻¹ where −p⁻¹ was meant, a root of another order, and so on.

use super::montgomery::{LimbBits, MontParams};
use super::parse::{readings, Given, LimbOrder, Reading};
use super::prime::{dlog_2group, order_log2, PrimeField};
use rug::Integer;
use serde::Serialize;

/// The constants a user may give, each optional.
#[derive(Debug, Clone, Default)]
pub struct UserConstants {
    /// n' = −p⁻¹ mod 2^w.
    pub n_prime: Option<Given>,
    /// R = 2^(w·n) mod p.
    pub r: Option<Given>,
    /// R² mod p.
    pub r_squared: Option<Given>,
    /// A primitive 2^s-th root of unity.
    pub root: Option<Given>,
    /// The 2-adicity s of p − 1.
    pub two_adicity: Option<u64>,
}

/// The verdict on one constant.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    /// Which constant: `n_prime`, `r`, `r_squared`, `root` or `two_adicity`.
    pub constant: String,
    /// The value as given.
    pub given: String,
    /// It equals the derived value.
    pub ok: bool,
    /// How the given limbs were read when that mattered ("big-endian limbs"), if at all.
    pub read_as: Option<String>,
    /// The derived value.
    pub expected: String,
    /// What the given value is instead, when it is wrong and a related value matches.
    pub instead: Option<String>,
}

fn pow2(k: u32) -> Integer {
    Integer::from(Integer::u_pow_u(2, k))
}

fn show_given(g: &Given) -> String {
    match g {
        Given::Int(v) => v.to_string(),
        Given::Limbs(l) => format!(
            "[{}]",
            l.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A value the constant might have been confused with.
struct Candidate {
    what: String,
    value: Integer,
    correct: bool,
}

fn cand(what: impl Into<String>, value: Integer, correct: bool) -> Candidate {
    Candidate {
        what: what.into(),
        value,
        correct,
    }
}

/// Matches readings against candidates: the correct one first, then related ones, then the
/// same modulo `reduce` (an unreduced value).
fn judge(
    name: &str,
    given: &Given,
    reads: &[Reading],
    cands: &[Candidate],
    expected: String,
    reduce: Option<&Integer>,
    fallback: &dyn Fn(&Integer) -> Option<String>,
) -> Finding {
    let mut f = Finding {
        constant: name.to_string(),
        given: show_given(given),
        ok: false,
        read_as: None,
        expected,
        instead: None,
    };
    let how = |r: &Reading| (!r.how.is_empty()).then(|| r.how.to_string());
    for r in reads {
        if cands.iter().any(|c| c.correct && c.value == r.value) {
            f.ok = true;
            f.read_as = how(r);
            return f;
        }
    }
    for r in reads {
        if let Some(c) = cands.iter().find(|c| !c.correct && c.value == r.value) {
            f.read_as = how(r);
            f.instead = Some(c.what.clone());
            return f;
        }
    }
    if let Some(m) = reduce {
        for r in reads {
            if r.value >= *m {
                let v = Integer::from(&r.value % m);
                if let Some(c) = cands.iter().find(|c| c.value == v) {
                    f.read_as = how(r);
                    f.instead = Some(format!("not reduced: modulo {m} it is {}", c.what));
                    return f;
                }
            }
        }
    }
    for r in reads {
        if let Some(s) = fallback(&r.value) {
            f.read_as = how(r);
            f.instead = Some(s);
            return f;
        }
    }
    if reads.len() > 1 {
        f.instead = Some("none of the related values checked, in either limb order".into());
    } else {
        f.instead = Some("none of the related values checked".into());
    }
    f
}

/// The 2-power-root description of x: "ω^k, a primitive 2^m-th root …", if x is one.
fn describe_root(field: &PrimeField, x: &Integer) -> Option<String> {
    let p = &field.p;
    let s = field.two_adicity;
    if *x >= *p || *x == 0 {
        return None;
    }
    let m = order_log2(x, p, s)?;
    let std_root = field.omega(m).ok()?;
    if *x == std_root {
        return Some(format!(
            "g^((p−1)/2^{m}), the standard primitive 2^{m}-th root of unity: a root of another order than 2^{s}"
        ));
    }
    let k = dlog_2group(x, &field.root, p, s);
    let k = k
        .map(|k| format!(" = ω^{k} with ω = g^((p−1)/2^{s})"))
        .unwrap_or_default();
    Some(format!(
        "a primitive 2^{m}-th root of unity{k}, but not the standard one g^((p−1)/2^{m})"
    ))
}

/// Checks every constant given; the derived value is what `expected` shows.
pub fn check(
    field: &PrimeField,
    limb: LimbBits,
    order: LimbOrder,
    user: &UserConstants,
) -> Vec<Finding> {
    let c = Check::new(field, limb, order);
    let mut out = Vec::new();
    out.extend(user.n_prime.as_ref().map(|g| c.n_prime(g)));
    out.extend(user.r.as_ref().map(|g| c.r_power(g, false)));
    out.extend(user.r_squared.as_ref().map(|g| c.r_power(g, true)));
    out.extend(user.root.as_ref().map(|g| c.root(g)));
    out.extend(user.two_adicity.map(|t| c.two_adicity(t)));
    out
}

/// What the checks of one field and limb width share: its Montgomery constants (and the
/// other limb width's), R and R³.
struct Check<'a> {
    field: &'a PrimeField,
    mp: MontParams,
    other: MontParams,
    p: &'a Integer,
    w: u32,
    wo: u32,
    n: usize,
    big_r: Integer,
    r3: Integer,
    order: LimbOrder,
    limb: LimbBits,
}

impl<'a> Check<'a> {
    fn new(field: &'a PrimeField, limb: LimbBits, order: LimbOrder) -> Check<'a> {
        let mp = MontParams::new(field, limb);
        let other = MontParams::new(field, limb.other());
        let p = &field.p;
        let w = limb.bits();
        let n = mp.limbs;
        let r3 = Integer::from(&mp.r2 * &mp.r) % p;
        Check {
            field,
            big_r: pow2(w * n as u32),
            r3,
            wo: limb.other().bits(),
            mp,
            other,
            p,
            w,
            n,
            order,
            limb,
        }
    }

    /// A value with its limbs, e.g. for `expected`.
    fn limbs_txt(&self, v: &Integer) -> String {
        format!(
            "{v} = 0x{v:x} (little-endian {}-bit limbs [{}])",
            self.w,
            self.mp
                .limbs_of(v)
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
    }

    /// n' = −p⁻¹ mod 2^w, against the usual slips (sign, width, limb size).
    fn n_prime(&self, g: &Given) -> Finding {
        let Check {
            ref mp,
            ref other,
            p,
            w,
            wo,
            n,
            order,
            limb,
            ..
        } = *self;
        let reads = readings(g, order, limb);
        let inv_mod = |k: u32| p.clone().invert(&pow2(k)).expect("p odd");
        let neg = |k: u32| (pow2(k) - inv_mod(k)) % pow2(k);
        let wide = w * n as u32;
        let mut c = vec![
            cand("", neg(w), true),
            cand(format!("p⁻¹ mod 2^{w}: the sign is wrong, Montgomery reduction needs −p⁻¹"), inv_mod(w), false),
            cand(
                format!("−p⁻¹ mod R = 2^{wide}, the full-width value: word-by-word Montgomery uses only its lowest limb n' = {}", mp.n_prime),
                neg(wide),
                false,
            ),
            cand(format!("p⁻¹ mod R = 2^{wide}: full width, and the sign is wrong"), inv_mod(wide), false),
            cand(format!("−p⁻¹ mod 2^{wo}: the constant for {wo}-bit limbs"), neg(wo), false),
            cand(format!("p⁻¹ mod 2^{wo}: for {wo}-bit limbs, and the sign is wrong"), inv_mod(wo), false),
        ];
        let wide_o = wo * other.limbs as u32;
        if wide_o != wide {
            c.push(cand(
                format!("−p⁻¹ mod 2^{wide_o}: full width for {wo}-bit limbs"),
                neg(wide_o),
                false,
            ));
        }
        c.push(cand("R⁻¹ mod p", mp.r_inv.clone(), false));
        let expected = format!("n' = −p⁻¹ mod 2^{w} = {} = 0x{:x}", mp.n_prime, mp.n_prime);
        judge("n_prime", g, &reads, &c, expected, None, &|_: &Integer| {
            None
        })
    }

    /// R mod p (`squared`: R² mod p), against the other of the two, R³, R⁻¹, itself
    /// unreduced and the other limb width's R and R².
    fn r_power(&self, g: &Given, squared: bool) -> Finding {
        let Check {
            ref mp,
            ref other,
            p,
            w,
            wo,
            n,
            ref big_r,
            ref r3,
            order,
            limb,
            ..
        } = *self;
        let reads = readings(g, order, limb);
        // This power (`sq`) or the other of R and R², in `m`'s limb width.
        let pick = |m: &MontParams, sq: bool| if sq { m.r2.clone() } else { m.r.clone() };
        let (x, y) = if squared { ("R²", "R") } else { ("R", "R²") };
        let r_bits = w * n as u32;
        let (r3_what, unreduced) = if squared {
            let r2 = Integer::from(big_r * big_r);
            (
                " (R² in Montgomery form)",
                cand("R² itself, not reduced mod p", r2, false),
            )
        } else {
            let what = format!("R = 2^{r_bits} itself, not reduced mod p");
            ("", cand(what, big_r.clone(), false))
        };
        let mut c = vec![
            cand("", pick(mp, squared), true),
            cand(
                format!("{y} mod p: {y} where {x} was meant"),
                pick(mp, !squared),
                false,
            ),
            cand(format!("R³ mod p{r3_what}"), r3.clone(), false),
            cand("R⁻¹ mod p", mp.r_inv.clone(), false),
            unreduced,
        ];
        if pick(other, squared) != pick(mp, squared) {
            let other_bits = wo * other.limbs as u32;
            let what = format!("{x} mod p for {wo}-bit limbs (R = 2^{other_bits})");
            c.push(cand(what, pick(other, squared), false));
            let what = format!("{y} mod p for {wo}-bit limbs");
            c.push(cand(what, pick(other, !squared), false));
        }
        let (name, expected) = if squared {
            ("r_squared", format!("R² mod p: {}", self.limbs_txt(&mp.r2)))
        } else {
            let txt = self.limbs_txt(&mp.r);
            ("r", format!("R mod p with R = 2^{r_bits}: {txt}"))
        };
        judge(name, g, &reads, &c, expected, Some(p), &|_: &Integer| None)
    }

    /// The 2^s-th root ω, against Montgomery forms, its inverse and other roots.
    fn root(&self, g: &Given) -> Finding {
        let Check {
            field,
            ref mp,
            ref other,
            p,
            w,
            wo,
            order,
            limb,
            ..
        } = *self;
        let reads = readings(g, order, limb);
        let s = field.two_adicity;
        let root = &field.root;
        let inv = field.inverse(root).expect("root is a unit");
        let mut c = vec![
            cand("", root.clone(), true),
            cand(
                format!("the 2^{s}-th root in Montgomery form (ω·R mod p, {w}-bit limbs)"),
                mp.to_mont(root),
                false,
            ),
            cand("the inverse root ω⁻¹", inv.clone(), false),
            cand("ω⁻¹ in Montgomery form", mp.to_mont(&inv), false),
        ];
        if other.r != mp.r {
            c.push(cand(
                format!("the root in Montgomery form for {wo}-bit limbs"),
                other.to_mont(root),
                false,
            ));
        }
        let expected = format!(
            "ω = g^((p−1)/2^{s}) with g = {}, a primitive 2^{s}-th root: {}",
            field.g,
            self.limbs_txt(root)
        );
        let fb = |x: &Integer| {
            describe_root(field, x).or_else(|| {
                describe_root(field, &mp.from_mont(x)).map(|d| format!("in Montgomery form, {d}"))
            })
        };
        judge("root", g, &reads, &c, expected, Some(p), &fb)
    }

    /// s, the largest s with 2^s | p − 1.
    fn two_adicity(&self, t: u64) -> Finding {
        let Check { field, .. } = *self;
        let s = field.two_adicity as u64;
        let instead = if t == s {
            None
        } else if t > s {
            Some(format!(
                "too large: 2^{t} does not divide p − 1 = 2^{s} · odd, so NTT sizes stop at 2^{s}"
            ))
        } else {
            Some(format!(
                "too small: 2^{t} divides p − 1, but so does 2^{s} (p − 1 = 2^{s} · odd)"
            ))
        };
        Finding {
            constant: "two_adicity".into(),
            given: t.to_string(),
            ok: t == s,
            read_as: None,
            expected: format!("s = {s} (largest s with 2^s | p − 1)"),
            instead,
        }
    }
}
