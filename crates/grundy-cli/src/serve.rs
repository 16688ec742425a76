//! `grundy serve`: the local web app of grundy-web (boards played against perfect play, with
//! hints, over a JSON API of the solvers).

use std::net::IpAddr;
use std::time::Duration;

use grundy_web::ServeConfig;

use crate::exit::{Failure, parse_seconds};

/// Arguments of `serve`.
#[derive(Debug, clap::Args)]
pub(crate) struct ServeArgs {
    /// The port to listen on (0: any free port, printed at start)
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on: loopback by default, so that only this machine reaches the
    /// server
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The most positions one request may search [default: 50000000]
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// The most seconds one request may solve for, fractions allowed [default: 10]
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// How many solves may run at once (the others wait) [default: the number of cores]
    #[arg(long, value_name = "N")]
    max_concurrent: Option<usize>,
}

/// Serves until Ctrl-C (which ends the program with status 130, as for any command that is
/// not searching).
pub(crate) fn serve(args: &ServeArgs) -> Result<String, Failure> {
    let defaults = ServeConfig::default();
    let config = ServeConfig {
        bind: args.bind,
        port: args.port,
        max_nodes: args.max_nodes.or(defaults.max_nodes),
        time_limit: args.time_limit.unwrap_or(defaults.time_limit),
        max_concurrent: args.max_concurrent.unwrap_or(defaults.max_concurrent),
        ..defaults
    };
    grundy_web::serve(config).map_err(|e| e.to_string())?;
    Ok(String::new())
}
