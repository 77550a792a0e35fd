use clap::Parser;

fn main() {
    let cli = jitfft::cli::Cli::parse();
    // Ctrl-C removes the temporary file of an output being written (no partial output).
    jitfft::io::interrupt::install();
    if let Err(e) = jitfft::cli::run(cli) {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}
