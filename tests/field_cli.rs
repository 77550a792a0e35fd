//! `jitfft field inspect`: printed constants, JSON, checks and bad input.
//!
//! Oracle: the constants GMP derives (`field::montgomery`) and `field::check`'s diagnoses.

use assert_cmd::Command;
use predicates::prelude::*;

fn jit() -> Command {
    Command::cargo_bin("jitfft").unwrap()
}

#[test]
fn inspect_prints_bn254_fr_constants() {
    jit()
        .args(["field", "inspect", "--field", "bn254-fr"])
        .assert()
        .success()
        .stdout(predicate::str::contains("2-adicity s  28"))
        .stdout(predicate::str::contains(
            "19103219067921713944291392827692070036145651957329286315305642004821462161904",
        ))
        .stdout(predicate::str::contains("0xc2e1f593efffffff"));
}

#[test]
fn inspect_json_and_modulus_limbs_in_big_endian() {
    jit()
        .args([
            "field",
            "inspect",
            "--json",
            "--modulus",
            "3486998266802970665,13281191951274694749,10917124144477883021,4332616871279656263",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"two_adicity\": 1"))
        .stdout(predicate::str::contains("big-endian"));
}

#[test]
fn inspect_diagnoses_seed_004_and_fails() {
    jit()
        .args([
            "field",
            "inspect",
            "--field",
            "bn254-fq",
            "--r-squared",
            "1011752739694698287,7381016538464732716,754611498739239741,15230403791020821917",
            "--two-adicity",
            "192",
        ])
        .assert()
        .failure()
        .stdout(predicate::str::contains("R where R² was meant"))
        .stdout(predicate::str::contains("big-endian limbs"))
        .stderr(predicate::str::contains(
            "2 of 2 given constant(s) are wrong",
        ));
}

#[test]
fn inspect_bad_input() {
    jit()
        .args(["field", "inspect", "--modulus", "91"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("composite"));
    jit()
        .args(["field", "inspect", "--modulus", "0x100"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("even"));
    jit()
        .args(["field", "inspect", "--field", "nope"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("presets are"));
    jit()
        .args(["field", "inspect", "--field", "goldilocks", "--limbs", "16"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("32 or 64"));
    jit()
        .args(["field", "inspect", "--field", "goldilocks", "--r", "12x"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("not a non-negative integer"));
}
