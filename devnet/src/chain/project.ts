import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEPLOYER_ADDRESS, DEPLOYER_GENESIS_STX, DEPLOYER_MNEMONIC } from "../accounts.ts";

/**
 * The Clarinet project simnet boots from, written to a temporary folder: our local SIP-010 trait
 * and USDC contract, deployed by the well-known deployer. No `requirements` (Clarinet fetches
 * those from the internet); sBTC is part of simnet's boot contracts.
 */
export interface SimnetProject {
  readonly dir: string;
  readonly manifestPath: string;
  remove(): Promise<void>;
}

const CONTRACTS = ["sip-010-trait", "usdc"] as const;

const CLARINET_TOML = `[project]
name = "spay-devnet"
description = "sPay local chain (generated, temporary)"
authors = []
telemetry = false
cache_dir = "./.cache"

[contracts.sip-010-trait]
path = "contracts/sip-010-trait.clar"
clarity_version = 4
epoch = "latest"

[contracts.usdc]
path = "contracts/usdc.clar"
clarity_version = 4
epoch = "latest"

[repl.analysis]
passes = []
`;

const DEVNET_TOML = `[network]
name = "devnet"

[accounts.deployer]
mnemonic = "${DEPLOYER_MNEMONIC}"
balance = ${DEPLOYER_GENESIS_STX}
`;

/**
 * The deployment plan Clarinet would generate for this project. Writing it up front keeps
 * simnet from logging "Updated deployment plan file" on every start; if a Clarinet version
 * lays it out differently it rewrites the file, which is harmless.
 */
const SIMNET_PLAN = `id: 0
name: Simulated deployment, used as a default for \`clarinet console\`, \`clarinet test\` and \`clarinet check\`
network: simnet
genesis:
  wallets:
  - name: deployer
    address: ${DEPLOYER_ADDRESS}
    balance: '${DEPLOYER_GENESIS_STX}'
    sbtc-balance: '1000000000'
  contracts:
  - genesis
  - lockup
  - bns
  - cost-voting
  - costs
  - pox
  - costs-2
  - pox-2
  - costs-3
  - pox-3
  - pox-4
  - signers
  - signers-voting
  - costs-4
  - costs-5
  - pox-5
plan:
  batches:
  - id: 0
    transactions:
    - transaction-type: emulated-contract-publish
      contract-name: sip-010-trait
      emulated-sender: ${DEPLOYER_ADDRESS}
      path: contracts/sip-010-trait.clar
      clarity-version: 4
    - transaction-type: emulated-contract-publish
      contract-name: usdc
      emulated-sender: ${DEPLOYER_ADDRESS}
      path: contracts/usdc.clar
      clarity-version: 4
    epoch: '3.4'
`;

export async function readContractSource(name: string): Promise<string> {
  return readFile(new URL(`../contracts/${name}.clar`, import.meta.url), "utf8");
}

export async function writeSimnetProject(): Promise<SimnetProject> {
  const dir = await mkdtemp(join(tmpdir(), "spay-devnet-"));
  await mkdir(join(dir, "contracts"));
  await mkdir(join(dir, "settings"));
  await mkdir(join(dir, "deployments"));
  for (const name of CONTRACTS) {
    await writeFile(join(dir, "contracts", `${name}.clar`), await readContractSource(name));
  }
  await writeFile(join(dir, "Clarinet.toml"), CLARINET_TOML);
  await writeFile(join(dir, "settings", "Devnet.toml"), DEVNET_TOML);
  await writeFile(join(dir, "deployments", "default.simnet-plan.yaml"), SIMNET_PLAN);
  return {
    dir,
    manifestPath: join(dir, "Clarinet.toml"),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
