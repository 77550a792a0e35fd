//! The paper's published values (seed 002: a seminar paper after Gajić & Stanković, "GPU
//! accelerated computation of fast spectral transforms", 2011): Table 1 from AMD APP Profiler
//! 2.5 on AMD Evergreen, Tables 2 and 3 in ms on the authors' Nvidia and AMD CPUs and GPUs.

/// Where the numbers come from, printed under every comparison.
pub const CITATION: &str = "seed 002 (seminar paper after Gajić & Stanković, \"GPU accelerated computation of fast spectral transforms\", 2011), Tables 1–3";

/// Table 1's radices.
pub const TABLE1_RADICES: [u64; 4] = [3, 4, 9, 16];

/// Table 1: per work-item statistics on AMD Evergreen (AMD APP Profiler 2.5), by radix.
pub struct Table1Row {
    /// `alu`, `fetch` or `registers`.
    pub metric: &'static str,
    /// Cooley-Tukey values at each of [`TABLE1_RADICES`].
    pub ct: [u64; 4],
    /// Constant-geometry values at each of [`TABLE1_RADICES`].
    pub cg: [u64; 4],
}

/// The paper's Table 1: ALU instructions, fetches and registers per work-item.
pub const TABLE1: [Table1Row; 3] = [
    Table1Row {
        metric: "alu",
        ct: [34, 41, 143, 369],
        cg: [20, 24, 118, 344],
    },
    Table1Row {
        metric: "fetch",
        ct: [3, 4, 9, 16],
        cg: [3, 2, 9, 8],
    },
    Table1Row {
        metric: "registers",
        ct: [6, 9, 14, 22],
        cg: [6, 7, 12, 14],
    },
];

/// One published timing row (ms).
pub struct TimingRow {
    /// The machine, e.g. "Nvidia GPU".
    pub platform: &'static str,
    /// "ct", "cg" or "cpu".
    pub algorithm: &'static str,
    /// Times for the table's five n values (ms).
    pub ms: [f64; 5],
}

/// A timing table: p, the five n values, the rows.
pub struct TimingTable {
    /// Table number in the paper (2 or 3).
    pub number: u32,
    /// The base p of every row.
    pub p: u32,
    /// The five n values (columns).
    pub n: [u32; 5],
    /// One row per platform and algorithm.
    pub rows: [TimingRow; 6],
}

/// The paper's Table 2: p = 3, n = 12..16.
pub const TABLE2: TimingTable = TimingTable {
    number: 2,
    p: 3,
    n: [12, 13, 14, 15, 16],
    rows: [
        TimingRow {
            platform: "Nvidia GPU",
            algorithm: "ct",
            ms: [1.0, 4.0, 11.0, 35.0, 103.0],
        },
        TimingRow {
            platform: "Nvidia GPU",
            algorithm: "cg",
            ms: [1.0, 4.0, 11.0, 36.0, 112.0],
        },
        TimingRow {
            platform: "Nvidia CPU",
            algorithm: "cpu",
            ms: [12.0, 49.0, 172.0, 562.0, 1762.0],
        },
        TimingRow {
            platform: "AMD GPU",
            algorithm: "ct",
            ms: [5.0, 17.0, 58.0, 175.0, 558.0],
        },
        TimingRow {
            platform: "AMD GPU",
            algorithm: "cg",
            ms: [5.0, 16.0, 55.0, 168.0, 525.0],
        },
        TimingRow {
            platform: "AMD CPU",
            algorithm: "cpu",
            ms: [46.0, 180.0, 577.0, 1825.0, 5866.0],
        },
    ],
};

/// The paper's Table 3: p = 4, n = 9..13.
pub const TABLE3: TimingTable = TimingTable {
    number: 3,
    p: 4,
    n: [9, 10, 11, 12, 13],
    rows: [
        TimingRow {
            platform: "Nvidia GPU",
            algorithm: "ct",
            ms: [1.0, 2.0, 7.0, 30.0, 125.0],
        },
        TimingRow {
            platform: "Nvidia GPU",
            algorithm: "cg",
            ms: [1.0, 2.0, 8.0, 35.0, 137.0],
        },
        TimingRow {
            platform: "Nvidia CPU",
            algorithm: "cpu",
            ms: [8.0, 30.0, 125.0, 546.0, 2403.0],
        },
        TimingRow {
            platform: "AMD GPU",
            algorithm: "ct",
            ms: [2.0, 8.0, 39.0, 162.0, 663.0],
        },
        TimingRow {
            platform: "AMD GPU",
            algorithm: "cg",
            ms: [2.0, 7.0, 37.0, 156.0, 622.0],
        },
        TimingRow {
            platform: "AMD CPU",
            algorithm: "cpu",
            ms: [31.0, 171.0, 764.0, 3432.0, 15428.0],
        },
    ],
};

impl TimingTable {
    /// The row of `platform` and `algorithm`, if the table has one.
    pub fn row(&self, platform: &str, algorithm: &str) -> Option<&TimingRow> {
        self.rows
            .iter()
            .find(|r| r.platform == platform && r.algorithm == algorithm)
    }
}
