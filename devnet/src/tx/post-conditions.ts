import { cvToHex, type PostCondition } from "@stacks/transactions";
import type { ChainEvent } from "./chain-events.ts";
import type { PostConditionModeName } from "./decode.ts";

/** What a principal gave away during a transaction, per asset (an NFT is one asset per value). */
export interface Outflow {
  readonly principal: string;
  readonly asset: AssetKey;
  readonly amount: bigint;
}

export type AssetKey =
  | { readonly kind: "stx" }
  | { readonly kind: "ft"; readonly assetId: string }
  | { readonly kind: "nft"; readonly assetId: string; readonly valueHex: string };

export type PostConditionVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

function assetLabel(asset: AssetKey): string {
  switch (asset.kind) {
    case "stx":
      return "STX";
    case "ft":
      return `fungible asset ${asset.assetId}`;
    case "nft":
      return `non-fungible asset ${asset.assetId} ${asset.valueHex}`;
  }
}

function sameAsset(a: AssetKey, b: AssetKey): boolean {
  if (a.kind === "stx" || b.kind === "stx") return a.kind === b.kind;
  if (a.kind === "ft" && b.kind === "ft") return a.assetId === b.assetId;
  if (a.kind === "nft" && b.kind === "nft") return a.assetId === b.assetId && a.valueHex === b.valueHex;
  return false;
}

/**
 * Sums what each principal sent, per asset, from the transaction's events: transfers and burns
 * count against the sender (as the Clarity VM's asset map does); mints move nothing out.
 */
export function assetOutflows(events: readonly ChainEvent[]): Outflow[] {
  const outflows: Outflow[] = [];
  const add = (principal: string, asset: AssetKey, amount: bigint) => {
    const index = outflows.findIndex((o) => o.principal === principal && sameAsset(o.asset, asset));
    const existing = outflows[index];
    if (existing) outflows[index] = { ...existing, amount: existing.amount + amount };
    else outflows.push({ principal, asset, amount });
  };
  for (const event of events) {
    switch (event.type) {
      case "stx-transfer":
      case "stx-burn":
        add(event.sender, { kind: "stx" }, event.amount);
        break;
      case "ft-transfer":
      case "ft-burn":
        add(event.sender, { kind: "ft", assetId: event.assetId }, event.amount);
        break;
      case "nft-transfer":
      case "nft-burn":
        add(event.sender, { kind: "nft", assetId: event.assetId, valueHex: event.valueHex }, 1n);
        break;
      default:
        break;
    }
  }
  return outflows;
}

function compare(sent: bigint, condition: string, amount: bigint): boolean {
  switch (condition) {
    case "eq":
      return sent === amount;
    case "gt":
      return sent > amount;
    case "gte":
      return sent >= amount;
    case "lt":
      return sent < amount;
    case "lte":
      return sent <= amount;
    default:
      return false;
  }
}

/** The asset a post-condition is about, or undefined for kinds the devnet does not support. */
function conditionAsset(pc: PostCondition): AssetKey | undefined {
  switch (pc.type) {
    case "stx-postcondition":
      return { kind: "stx" };
    case "ft-postcondition":
      return { kind: "ft", assetId: pc.asset };
    case "nft-postcondition":
      return { kind: "nft", assetId: pc.asset, valueHex: normalizeHex(cvToHex(pc.assetId)) };
    default:
      return undefined;
  }
}

function normalizeHex(value: string): string {
  return value.startsWith("0x") ? value : `0x${value}`;
}

/**
 * Evaluates a transaction's post-conditions against what its execution actually moved:
 * every listed condition must hold, and in `deny` mode every asset a principal sent must be
 * covered by a condition on that principal and asset (in `originator` mode only what the origin
 * sent). `allow` mode lets unlisted transfers through. The fee is not part of the check.
 */
export function checkPostConditions(input: {
  readonly mode: PostConditionModeName;
  readonly postConditions: readonly PostCondition[];
  readonly origin: string;
  readonly events: readonly ChainEvent[];
}): PostConditionVerdict {
  const outflows = assetOutflows(input.events);
  const principalOf = (pc: PostCondition) => (pc.address === "origin" ? input.origin : pc.address);
  const sentBy = (principal: string, asset: AssetKey) =>
    outflows.find((o) => o.principal === principal && sameAsset(o.asset, asset))?.amount ?? 0n;

  for (const pc of input.postConditions) {
    const asset = conditionAsset(pc);
    if (!asset) return { ok: false, reason: `Unsupported post-condition type ${pc.type}` };
    const principal = principalOf(pc);
    if (pc.type === "nft-postcondition") {
      const sent = sentBy(principal, asset) > 0n;
      if ((pc.condition === "sent" && !sent) || (pc.condition === "not-sent" && sent)) {
        return {
          ok: false,
          reason: `Post-condition check failure on ${assetLabel(asset)} owned by ${principal}: expected ${pc.condition}`,
        };
      }
      continue;
    }
    if (pc.type !== "stx-postcondition" && pc.type !== "ft-postcondition") continue;
    const sent = sentBy(principal, asset);
    const amount = BigInt(pc.amount);
    if (!compare(sent, pc.condition, amount)) {
      return {
        ok: false,
        reason: `Post-condition check failure on ${assetLabel(asset)} owned by ${principal}: ${sent} sent, expected ${pc.condition} ${amount}`,
      };
    }
  }

  if (input.mode === "allow") return { ok: true };
  for (const outflow of outflows) {
    if (input.mode === "originator" && outflow.principal !== input.origin) continue;
    const covered = input.postConditions.some((pc) => {
      const asset = conditionAsset(pc);
      return asset !== undefined && principalOf(pc) === outflow.principal && sameAsset(asset, outflow.asset);
    });
    if (!covered) {
      return {
        ok: false,
        reason: `Post-condition check failure: ${outflow.principal} sent ${outflow.amount} of ${assetLabel(outflow.asset)} not covered by any post-condition (${input.mode} mode)`,
      };
    }
  }
  return { ok: true };
}
