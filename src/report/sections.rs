//! Sorting a family's own serialized report into the schema's sections: the adapters in
//! [`super::families`] say which of its fields are the plan and which are times; what is left
//! goes to `details`, so no field is lost and none is written twice.

use super::{Report, Timing, TransformInfo};
use crate::error::{JitError, Result};
use crate::runtime::DeviceInfo;
use serde::Serialize;
use serde_json::{Map, Value};

/// A family report's fields by name, taken out one section at a time.
#[derive(Debug, Clone)]
pub struct Sections {
    fields: Map<String, Value>,
}

/// The times every family reports, in the schema's order.
const COMMON_TIMES: [&str; 5] = [
    "kernel_ms",
    "pass_ms",
    "upload_ms",
    "download_ms",
    "end_to_end_ms",
];

impl Sections {
    /// The fields of `report` (a struct: a JSON object).
    pub fn of<T: Serialize>(report: &T) -> Result<Sections> {
        match serde_json::to_value(report) {
            Ok(Value::Object(fields)) => Ok(Sections { fields }),
            Ok(_) => Err(JitError::invalid("a report serializes as a JSON object")),
            Err(e) => Err(JitError::invalid(format!("report: {e}"))),
        }
    }

    /// Moves the fields of the nested object `key` to the top level (a family that grouped
    /// its times under `timing` or `run`); its own fields win over an equal name outside.
    pub fn lift(mut self, key: &str) -> Sections {
        if let Some(Value::Object(inner)) = self.fields.remove(key) {
            self.fields.extend(inner);
        }
        self
    }

    /// Removes `key` (`null` where absent).
    pub fn take(&mut self, key: &str) -> Value {
        self.fields.remove(key).unwrap_or(Value::Null)
    }

    /// Removes `keys` and returns them as one object (a plan spread over the top level).
    pub fn gather(&mut self, keys: &[&str]) -> Value {
        let mut out = Map::new();
        for k in keys {
            if let Some(v) = self.fields.remove(*k) {
                out.insert((*k).to_string(), v);
            }
        }
        Value::Object(out)
    }

    /// Renames `from` to `to` (a family's own name for one of the common times).
    pub fn rename(mut self, from: &str, to: &str) -> Sections {
        if let Some(v) = self.fields.remove(from) {
            self.fields.insert(to.to_string(), v);
        }
        self
    }

    /// The report: `plan` as given, the five common times and the family's `times`, the check,
    /// and every field not taken as `details` (the family's own `device` field dropped: the
    /// driver's [`DeviceInfo`] stands for it).
    pub fn into_report(
        mut self,
        device: Option<&DeviceInfo>,
        transform: TransformInfo,
        plan: Value,
        times: &[&str],
    ) -> Report {
        let [kernel_ms, pass_ms, upload_ms, download_ms, end_to_end_ms] =
            COMMON_TIMES.map(|k| self.take(k));
        let other = times
            .iter()
            .filter_map(|k| self.fields.remove(*k).map(|v| ((*k).to_string(), v)))
            .collect();
        let check = Some(self.take("check")).filter(|c| !c.is_null());
        self.fields.remove("device");
        Report {
            device: device.cloned(),
            transform,
            plan,
            timing: Timing {
                kernel_ms,
                pass_ms: if pass_ms.is_null() {
                    Value::Array(vec![])
                } else {
                    pass_ms
                },
                upload_ms,
                download_ms,
                end_to_end_ms,
                other,
            },
            check,
            details: self.fields,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn device() -> DeviceInfo {
        DeviceInfo {
            index: 0,
            platform: "p".into(),
            platform_vendor: "v".into(),
            vendor: "v".into(),
            name: "d".into(),
            kind: "cpu".into(),
            compute_units: 1,
            global_mem_bytes: 1,
            local_mem_bytes: 1,
            constant_mem_bytes: 1,
            max_alloc_bytes: 1,
            max_work_group_size: 1,
            fp64: true,
            opencl_version: "OpenCL 3.0".into(),
            driver_version: "1".into(),
        }
    }

    fn info() -> TransformInfo {
        TransformInfo {
            kind: "t".into(),
            shape: vec![4],
            precision: "f32".into(),
            direction: "forward".into(),
            norm: "none".into(),
        }
    }

    /// Every field lands in exactly one section: times lifted from `run`, the plan gathered,
    /// the family's device string dropped, the rest in `details`.
    #[test]
    fn every_field_lands_once() {
        let family = json!({
            "device": "d [p]", "log_n": 2, "batch": 1, "seed": 7, "check": {"ok": true},
            "run": {"kernel_ms": {"median": 1.0}, "clock": "events", "upload_ms": 0.5}
        });
        let mut s = Sections::of(&family).unwrap().lift("run");
        let plan = s.gather(&["log_n", "batch"]);
        let r = s.into_report(Some(&device()), info(), plan, &["clock"]);
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["plan"], json!({"log_n": 2, "batch": 1}));
        assert_eq!(v["timing"]["kernel_ms"]["median"], 1.0);
        assert_eq!(v["timing"]["clock"], "events");
        assert_eq!(v["timing"]["pass_ms"], json!([]));
        assert_eq!(v["timing"]["download_ms"], Value::Null);
        assert_eq!(v["check"]["ok"], true);
        assert_eq!(v["details"], json!({"seed": 7}));
        assert_eq!(v["device"]["name"], "d");
    }

    /// No check asked: no `check` key at all.
    #[test]
    fn no_check_no_key() {
        let s = Sections::of(&json!({"kernel_ms": 1.0, "check": null})).unwrap();
        let v =
            serde_json::to_value(s.into_report(Some(&device()), info(), json!({}), &[])).unwrap();
        assert!(v.get("check").is_none(), "{v}");
    }
}
