//! Device sets (issue 45): `--device all`, a list `0,1,3`, a name or vendor that means every
//! match (`nvidia`, `pocl`), or one device named twice (`0,0`: two contexts and queues on it,
//! how tests build a set on a one-device machine). Today's single selectors keep their
//! meaning: an index, `gpu`, `cpu`, `default`. Each member is its own [`Gpu`] (context,
//! profiling queue, knobs); programs are built per member (the build cache keys by platform,
//! device name and driver, so two different devices never share a binary).

use super::context::Gpu;
use super::discover::{list_devices, name_matches, select_device, DeviceSelector, FoundDevice};
use crate::error::{JitError, Result};

/// What `--device` names, read by [`SetSpec::parse`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetSpec {
    /// One device by today's rule: an index, `gpu`, `cpu`, `default` (or nothing).
    One(DeviceSelector),
    /// Every device whose name, platform or vendor contains the text (a vendor key:
    /// every device of that implementation).
    Every(String),
    /// Every device of the host (simulators left out where a real one exists).
    All,
    /// Members named one by one, each its selector's first match; a repeat opens the same
    /// device again.
    List(Vec<DeviceSelector>),
}

/// What a set's members may be written as, for error messages.
pub const GRAMMAR: &str = "an index (`0`), a list (`0,1,3`; `0,0` opens one device twice), `all`, an implementation (`pocl`, `intel`, `nvidia`, `amd`: every device of it), a name substring (every match), `gpu` or `cpu`";

impl SetSpec {
    /// Reads `--device`: never guesses; an empty member (`0,,1`, `,`) or `all` inside a list
    /// is an error naming what is allowed. Empty text is the default device, as before.
    pub fn parse(s: &str) -> std::result::Result<SetSpec, String> {
        let t = s.trim();
        if !t.contains(',') {
            if t.eq_ignore_ascii_case("all") {
                return Ok(SetSpec::All);
            }
            return Ok(match DeviceSelector::parse(t) {
                DeviceSelector::Name(n) => SetSpec::Every(n),
                one => SetSpec::One(one),
            });
        }
        let mut members = Vec::new();
        for item in t.split(',') {
            let i = item.trim();
            if i.is_empty() {
                return Err(format!(
                    "--device {s:?}: an empty member; a device set is {GRAMMAR}"
                ));
            }
            if i.eq_ignore_ascii_case("all") || i.eq_ignore_ascii_case("default") {
                return Err(format!(
                    "--device {s:?}: `{i}` cannot be a member of a list; a device set is {GRAMMAR}"
                ));
            }
            members.push(DeviceSelector::parse(i));
        }
        Ok(SetSpec::List(members))
    }

    /// The spec of `--device`, else `JITFFT_DEVICE`, else the default rule.
    pub fn from_arg_or_env(arg: Option<&str>) -> Result<SetSpec> {
        let text = match arg {
            Some(a) => Some(a.to_string()),
            None => super::env::device(),
        };
        match text {
            Some(t) => SetSpec::parse(&t).map_err(JitError::invalid),
            None => Ok(SetSpec::One(DeviceSelector::Default)),
        }
    }

    /// Whether the spec can name more than one device (a list, `all`, a name match).
    pub fn is_set(&self) -> bool {
        !matches!(self, SetSpec::One(_))
    }

    /// Refuses a list or `all` where `what` runs on one device (a name match keeps its
    /// meaning there: the first match), saying which commands split work over a set.
    pub fn refuse_set(&self, what: &str) -> Result<()> {
        if matches!(self, SetSpec::List(_) | SetSpec::All) {
            return Err(JitError::invalid(format!(
                "{what} runs on one device, and --device names a set; device sets split batched work: vc --batch B (complex or --real), wht --batch B, ntt --batch B, bent, spectrum --stats, autocorr; and stream complex transforms: vc --stream"
            )));
        }
        Ok(())
    }

    /// The devices it names among `devs` (in the order written; `all` and matches in
    /// discovery order); an error listing what exists where it names none or an unknown one.
    pub fn resolve(&self) -> Result<Vec<FoundDevice>> {
        match self {
            SetSpec::One(sel) => Ok(vec![select_device(sel)?]),
            SetSpec::List(sels) => sels.iter().map(select_device).collect(),
            SetSpec::All | SetSpec::Every(_) => {
                let devs = list_devices()?;
                if devs.is_empty() {
                    return Err(JitError::Device(super::icd_hint::no_platform_message()));
                }
                let picked: Vec<FoundDevice> = match self {
                    SetSpec::Every(n) => devs
                        .iter()
                        .filter(|d| name_matches(&d.info, n))
                        .cloned()
                        .collect(),
                    _ => {
                        let real: Vec<_> = devs
                            .iter()
                            .filter(|d| !d.info.is_simulator())
                            .cloned()
                            .collect();
                        if real.is_empty() {
                            devs.clone()
                        } else {
                            real
                        }
                    }
                };
                if picked.is_empty() {
                    // The single selector's error lists the devices found.
                    let n = match self {
                        SetSpec::Every(n) => n.clone(),
                        _ => String::new(),
                    };
                    return Err(select_device(&DeviceSelector::Name(n))
                        .err()
                        .unwrap_or_else(|| {
                            JitError::Device("no OpenCL device in the set".into())
                        }));
                }
                Ok(picked)
            }
        }
    }
}

/// The devices of a set, each opened with its own context and queue.
pub struct DeviceSet {
    /// The members in order; at least one.
    pub members: Vec<Gpu>,
}

impl DeviceSet {
    /// Opens every device `spec` names (`--device`, else `JITFFT_DEVICE`, else the default).
    pub fn open(spec: &SetSpec) -> Result<DeviceSet> {
        DeviceSet::of_found(spec.resolve()?)
    }

    /// Opens the devices found, each with its own context and queue.
    pub fn of_found(found: Vec<FoundDevice>) -> Result<DeviceSet> {
        let members = found
            .into_iter()
            .map(Gpu::from_found)
            .collect::<Result<Vec<_>>>()?;
        DeviceSet::of(members)
    }

    /// A set of the devices already opened (tests build one from the same device twice).
    pub fn of(members: Vec<Gpu>) -> Result<DeviceSet> {
        if members.is_empty() {
            return Err(JitError::invalid(format!(
                "an empty device set: name at least one device ({GRAMMAR})"
            )));
        }
        Ok(DeviceSet { members })
    }

    /// The one member of a set of one.
    pub fn one(&self) -> Option<&Gpu> {
        (self.members.len() == 1).then(|| &self.members[0])
    }

    /// Members in the set.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Never true: a set has at least one member.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// One line naming the members, e.g. `2 devices: 0 pthread-… ; 0 pthread-…`.
    pub fn describe(&self) -> String {
        let each: Vec<String> = self
            .members
            .iter()
            .map(|g| format!("{} {}", g.info.index, g.info.name))
            .collect();
        let s = if self.members.len() == 1 { "" } else { "s" };
        format!("{} device{s}: {}", self.members.len(), each.join("; "))
    }
}

/// Opens the one device `sel` names (else `JITFFT_DEVICE`, else the default rule). A set that
/// finds one device names that device; a list or `all` that names several is refused, the
/// refusal saying that `what` runs on one device.
pub fn open_one(sel: Option<&str>, what: &str) -> Result<Gpu> {
    let spec = SetSpec::from_arg_or_env(sel)?;
    if spec.is_set() {
        let mut found = spec.resolve()?;
        if found.len() == 1 {
            return Gpu::from_found(found.remove(0));
        }
    }
    spec.refuse_set(what)?;
    Gpu::open(&DeviceSelector::from_arg_or_env(sel))
}

/// One device, or the set of several that work is split over.
#[allow(clippy::large_enum_variant)] // made once a command: boxing the device buys nothing
pub enum Opened {
    /// One device (a set that found one included).
    One(Gpu),
    /// Two members or more.
    Set(DeviceSet),
}

/// The devices `sel` names for work that can be split (`split`: batched rows, many
/// functions): the set where it names several, else the one device as [`open_one`] opens it
/// (`what` names the work in its refusal of a set).
pub fn open_one_or_set(sel: Option<&str>, split: bool, what: &str) -> Result<Opened> {
    let spec = SetSpec::from_arg_or_env(sel)?;
    if split && spec.is_set() {
        let mut set = DeviceSet::open(&spec)?;
        return Ok(match set.len() {
            1 => Opened::One(set.members.remove(0)),
            _ => Opened::Set(set),
        });
    }
    Ok(Opened::One(open_one(sel, what)?))
}

impl Opened {
    /// As a set (of one where one device).
    pub fn into_set(self) -> Result<DeviceSet> {
        match self {
            Opened::One(g) => DeviceSet::of(vec![g]),
            Opened::Set(s) => Ok(s),
        }
    }
}
