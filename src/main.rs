use std::process::ExitCode;

use clap::Parser;
use corpsite::cli;
use corpsite::cli::args::{ApplicantsCommand, Cli, Command, DemoArgs, LeadsCommand};

fn main() -> ExitCode {
    corpsite::platform::give_back_big_buffers();
    corpsite::store::secure_umask();
    corpsite::store::configure_sqlite();
    let cli = Cli::parse();
    // The other commands take `serve`'s top-level flags too: there, CORPSITE_LOG_FORMAT.
    let log_format = match &cli.command {
        Some(Command::Serve(args)) => args.log_format,
        _ => cli.serve.log_format,
    };
    corpsite::telemetry::init(log_format);
    // No subcommand: `serve`, unless double-clicked in a file manager (no argument, no
    // terminal, no CORPSITE_* variable), which starts as `demo` does.
    let command = match cli.command {
        Some(command) => command,
        None if corpsite::desktop::started_from_desktop() => {
            Command::Demo(Box::new(DemoArgs::parse_from(["demo"])))
        }
        None => Command::Serve(Box::new(cli.serve)),
    };
    let result: Result<(), Box<dyn std::error::Error>> = match command {
        Command::Serve(args) => {
            corpsite::server::serve_blocking((*args).into_settings()).map_err(Into::into)
        }
        Command::Demo(args) => {
            corpsite::server::serve_blocking((*args).into_settings()).map_err(Into::into)
        }
        Command::Leads(leads) => match leads.command {
            LeadsCommand::Export(args) => cli::export::leads(&args, std::io::stdout().lock())
                .map(drop)
                .map_err(Into::into),
            LeadsCommand::Erase { email, data } => {
                cli::staff::erase_person(&data.data_dir, &email).map_err(Into::into)
            }
        },
        Command::Applicants(applicants) => match applicants.command {
            ApplicantsCommand::Export(args) => {
                cli::export::applicants(&args, std::io::stdout().lock())
                    .map(drop)
                    .map_err(Into::into)
            }
        },
        Command::Backup(args) => cli::backup::run(&args).map_err(Into::into),
        Command::BackupDatabase(args) => cli::backup::database(&args).map_err(Into::into),
        Command::Restore(args) => cli::restore::run(&args).map_err(Into::into),
        Command::Blog(command) => cli::blog::run(command).map_err(Into::into),
        Command::Mail(command) => cli::mail::run(command).map_err(Into::into),
        Command::Staff(command) => cli::staff::run(command).map_err(Into::into),
        Command::Settings(command) => cli::company_details::run(command).map_err(Into::into),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // One line, so a service manager's log shows the whole cause.
            let message = err
                .to_string()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            eprintln!("corpsite: {message}");
            ExitCode::FAILURE
        }
    }
}
