import { CAIP2 } from "@spay/protocol";

/** Network facts of the devnet: it presents itself as a Stacks testnet (ST addresses, chain id 0x80000000). */
export const NETWORK_CAIP2 = CAIP2.testnet;
/** Chain id a transaction must carry (ChainId.Testnet). */
export const CHAIN_ID = 0x80000000;
/** Transaction version byte a transaction must carry (TransactionVersion.Testnet). */
export const TRANSACTION_VERSION = 0x80;
/** `network_id` / `parent_network_id` of GET /v2/info on testnet. */
export const NETWORK_ID = 2147483648;
export const PARENT_NETWORK_ID = 118034699;

export const DEFAULT_PORT = 3999;
export const DEFAULT_BLOCK_MS = 2000;
export const DEFAULT_HOST = "127.0.0.1";

/** Minimum fee rate in µSTX per byte of the serialized transaction (the Stacks node's minimum). */
export const MIN_FEE_RATE = 1n;
/** Fee rates (µSTX per byte) returned by the fee estimators, low / middle / high. */
export const ESTIMATE_FEE_RATES = [1n, 2n, 4n] as const;

/** Fees are paid to this address (a miner would collect them; here they are simply parked). */
export const FEE_SINK_ADDRESS = "ST000000000000000000002AMW42H";

/** Most transactions the block producer puts in one block. */
export const MAX_TXS_PER_BLOCK = 500;

export const SERVER_VERSION = "spay-devnet/0.1.0 (clarinet-sdk simnet)";
