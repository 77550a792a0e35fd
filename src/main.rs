use clap::Parser;

fn main() {
    let cli = jitfft::cli::Cli::parse();
    if let Err(e) = jitfft::cli::run(cli) {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}
