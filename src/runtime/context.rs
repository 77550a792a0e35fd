//! One selected device with its context and a profiling-enabled in-order queue.

use super::discover::{select_device, DeviceInfo, DeviceSelector, FoundDevice};
use super::knobs::Knobs;
use crate::error::Result;
use ocl::{flags::CommandQueueProperties, Context, Device, Queue};

/// A device ready to run work: context, profiling queue and the facts about it.
pub struct Gpu {
    /// The OpenCL device.
    pub device: Device,
    /// A context holding only that device.
    pub context: Context,
    /// An in-order queue with profiling on (kernel times come from its events).
    pub queue: Queue,
    /// What the driver reports about the device.
    pub info: DeviceInfo,
    /// The `JITFFT_*` switches, read from the environment when the device is opened (the front
    /// of every run); [`Gpu::with_knobs`] sets others.
    pub knobs: Knobs,
}

impl Gpu {
    /// Opens the device a selector names (`--device`, `JITFFT_DEVICE`, or the default rule).
    pub fn open(sel: &DeviceSelector) -> Result<Gpu> {
        Gpu::from_found(select_device(sel)?)
    }

    /// Creates the context and profiling queue of a discovered device.
    pub fn from_found(found: FoundDevice) -> Result<Gpu> {
        let _guard = super::discover::OPENCL_INIT
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let context = Context::builder()
            .platform(found.platform)
            .devices(found.device)
            .build()?;
        let queue = Queue::new(
            &context,
            found.device,
            Some(CommandQueueProperties::new().profiling()),
        )?;
        Ok(Gpu {
            device: found.device,
            context,
            queue,
            info: found.info,
            knobs: Knobs::from_env(),
        })
    }

    /// The device with other switches (tests and A/B runs pass them as values).
    pub fn with_knobs(mut self, knobs: Knobs) -> Gpu {
        self.knobs = knobs;
        self
    }

    /// A second profiling queue on the same device (for overlapping transfers with compute).
    pub fn extra_queue(&self) -> Result<Queue> {
        Ok(Queue::new(
            &self.context,
            self.device,
            Some(CommandQueueProperties::new().profiling()),
        )?)
    }

    /// One line naming the device and driver, printed with every measurement.
    pub fn describe(&self) -> String {
        format!(
            "{} [{}] ({}, driver {})",
            self.info.name, self.info.platform, self.info.opencl_version, self.info.driver_version
        )
    }
}
