/** What the embedded devnet's process and the gateway say to each other. */

export interface DevnetChildOptions {
  port: number;
  blockMs: number;
}

/** The devnet as the gateway's banner and workers need it: its API and its funded accounts. */
export interface DevnetSummary {
  url: string;
  blockMs: number;
  accounts: readonly { name: string; address: string; privateKey: string }[];
}

/** Child → gateway. `missing`: the devnet (a development dependency) is not installed. */
export type DevnetChildReport =
  | { kind: "started"; devnet: DevnetSummary }
  | { kind: "failed"; message: string; code: string | null; missing: boolean }
  | { kind: "stopped" };

/** Gateway → child. */
export type DevnetChildCommand = { kind: "stop" };
