import { privateKeyToAddress } from "@stacks/transactions";

/** A funded test account. The keys are public knowledge: never use them outside a devnet. */
export interface DevnetAccount {
  readonly name: string;
  readonly address: string;
  /** Hex secp256k1 key with the `01` compressed-key suffix, as @stacks/transactions expects. */
  readonly privateKey: string;
  /** Balances at genesis, in atomic units. */
  readonly funding: { readonly stx: bigint; readonly sbtc: bigint; readonly usdc: bigint };
}

/**
 * Clarinet's well-known devnet keys (the `deployer`, `wallet_1`… and `faucet` accounts of a
 * fresh `clarinet new` project), so wallets that already imported them see the same addresses.
 */
const WELL_KNOWN_KEYS: ReadonlyArray<readonly [name: string, privateKey: string]> = [
  ["deployer", "753b7cc01a1a2e86221266a154af739463fce51219d97e4f856cd7200c3bd2a601"],
  ["wallet_1", "7287ba251d44a4d3fd9276c88ce34c5c52a038955511cccaf77e61068649c17801"],
  ["wallet_2", "530d9f61984c888536871c6573073bdfc0058896dc1adfe9a6a10dfacadc209101"],
  ["wallet_3", "d655b2523bcd65e34889725c73064feb17ceb796831c0e111ba1a552b0f31b3901"],
  ["wallet_4", "f9d7206a47f14d2870c163ebab4bf3e70d18f5d14ce1031f3902fbbc894fe4c701"],
  ["wallet_5", "3eccc5dac8056590432db6a35d52b9896876a3d5cbdea53b72400bc9c2099fe801"],
  ["wallet_6", "7036b29cb5e235e5fd9b09ae3e8eec4404e44906814d5d01cbca968a60ed4bfb01"],
  ["wallet_7", "b463f0df6c05d2f156393eee73f8016c5372caa0e9e29a901bb7171d90dc4f1401"],
  ["wallet_8", "6a1a754ba863d7bab14adbbc3f8ebb090af9e871ace621d3e5ab634e1422885e01"],
  ["faucet", "de433bdfa14ec43aa1098d5be594c8ffb20a31485ff9de2923b2689471c401b801"],
];

/** Mnemonic of the deployer, written to the simnet project's settings/Devnet.toml. */
export const DEPLOYER_MNEMONIC =
  "twice kind fence tip hidden tilt action fragile skin nothing glory cousin green tomorrow spring wrist shed math olympic multiply hip blue scout claw";
export const DEPLOYER_ADDRESS = "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM";
/** The deployer's genesis STX balance (set in Devnet.toml, so it is not minted again). */
export const DEPLOYER_GENESIS_STX = 100_000_000_000_000n;

const WALLET_FUNDING = {
  stx: 100_000_000_000n, // 100 000 STX
  sbtc: 100_000_000n, // 1 sBTC
  usdc: 100_000_000_000n, // 100 000 USDC
} as const;

const FAUCET_FUNDING = {
  stx: 10_000_000_000_000n, // 10 000 000 STX
  sbtc: 100_000_000_000n, // 1 000 sBTC
  usdc: 1_000_000_000_000_000n, // 1 000 000 000 USDC
} as const;

export const ACCOUNTS: readonly DevnetAccount[] = WELL_KNOWN_KEYS.map(([name, privateKey]) => ({
  name,
  privateKey,
  address: privateKeyToAddress(privateKey, "testnet"),
  funding:
    name === "faucet"
      ? FAUCET_FUNDING
      : name === "deployer"
        ? { ...WALLET_FUNDING, stx: DEPLOYER_GENESIS_STX }
        : WALLET_FUNDING,
}));

export function accountByName(name: string): DevnetAccount {
  const account = ACCOUNTS.find((a) => a.name === name);
  if (!account) throw new Error(`no devnet account named ${name}`);
  return account;
}

export const FAUCET_ACCOUNT = accountByName("faucet");
