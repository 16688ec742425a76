//! Serves the app on loopback until Ctrl-C, without the `grundy` program:
//! `cargo run -p grundy-web --example serve -- [PORT]` (8080 by default).

use std::process::ExitCode;

fn main() -> ExitCode {
    let port = match std::env::args().nth(1).map(|p| p.parse::<u16>()) {
        None => 8080,
        Some(Ok(port)) => port,
        Some(Err(e)) => {
            eprintln!("error: the port must be a number from 0 to 65535: {e}");
            return ExitCode::from(2);
        }
    };
    let config = grundy_web::ServeConfig { port, ..grundy_web::ServeConfig::default() };
    match grundy_web::serve(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
