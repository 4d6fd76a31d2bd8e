import type { Command } from "commander";
import { listen } from "../listen.ts";
import { apiUrlOption, parseUrl } from "../options.ts";

interface ListenCommandOptions {
  forwardTo: string;
  apiKey?: string;
  key?: string;
  api: string;
}

/** `spay listen`: forwards the workspace's events to a local URL until Ctrl-C. */
export function registerListenCommand(program: Command): void {
  program
    .command("listen")
    .summary("forward the workspace's events to a local URL, signed")
    .description(
      "Follow the workspace's events and forward each to a local URL as a signed Standard Webhooks request, one line per event. Prints the signing secret to verify them with. Runs until Ctrl-C.",
    )
    .requiredOption("--forward-to <url>", "local URL each event is POSTed to", parseUrl)
    .option("--api-key <key>", "secret key of the workspace: sk_test_…")
    .option("--key <key>", "same as --api-key")
    .addOption(apiUrlOption())
    .action(async (options: ListenCommandOptions, command: Command) => {
      const apiKey = options.apiKey ?? options.key;
      if (!apiKey) command.error("error: required option '--api-key <key>' not specified");
      const listener = listen({ apiUrl: options.api, apiKey, forwardTo: options.forwardTo });
      console.log(
        `Forwarding ${options.api} events to ${options.forwardTo}\nSigning secret for your endpoint: ${listener.secret}\n(Ctrl-C to stop)`,
      );
      process.on("SIGINT", () => {
        listener.stop();
        process.exit(0);
      });
      await new Promise(() => {});
    });
}
