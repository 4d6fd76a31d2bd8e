import { createAddress } from "@stacks/transactions";

/** Address versions of the test network: 26 (`ST…`, single-sig) and 21 (`SN…`, multi-sig). */
const TESTNET_VERSIONS = new Set([26, 21]);
const CONTRACT_NAME = /^[a-zA-Z]([a-zA-Z0-9]|[-_]){0,127}$/;

/** True for a c32 testnet address (the version byte is checked, unlike validateStacksAddress). */
export function isTestnetAddress(value: string): boolean {
  try {
    return TESTNET_VERSIONS.has(createAddress(value).version);
  } catch {
    return false;
  }
}

/** True for a testnet standard principal (`ST…`) or contract principal (`ST….name`). */
export function isTestnetPrincipal(value: string): boolean {
  const [address, contractName, ...rest] = value.split(".");
  if (rest.length > 0 || address === undefined || !isTestnetAddress(address)) return false;
  return contractName === undefined || CONTRACT_NAME.test(contractName);
}
