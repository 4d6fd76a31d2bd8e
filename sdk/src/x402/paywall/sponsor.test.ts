import {
  Cl,
  getAddressFromPrivateKey,
  makeContractCall,
  randomPrivateKey,
  type StacksTransactionWire,
} from "@stacks/transactions";
import { describe, expect, it } from "vitest";
import { createSponsor, SponsorNonces, type SponsorRefused } from "./sponsor.js";

const sponsorKey = randomPrivateKey();
const payerKey = randomPrivateKey();

/** A chain whose next nonce the test sets. */
function chainAt(start: bigint) {
  const chain = { next: start };
  return { chain, nonces: new SponsorNonces(async () => chain.next) };
}

describe("sponsor nonces: one job at a time, each with the sponsor's next nonce", () => {
  it("a consumed nonce moves on even while the chain's API lags behind", async () => {
    const { nonces } = chainAt(5n);
    const used: bigint[] = [];
    const job = async (nonce: bigint) => {
      used.push(nonce);
      return { value: nonce, fate: "consumed" as const };
    };
    await Promise.all([nonces.run(job), nonces.run(job), nonces.run(job)]);
    expect(used).toEqual([5n, 6n, 7n]);
  });

  it("jobs never overlap", async () => {
    const { nonces } = chainAt(0n);
    let running = 0;
    let most = 0;
    const job = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return { value: null, fate: "unused" as const };
    };
    await Promise.all(Array.from({ length: 5 }, () => nonces.run(job)));
    expect(most).toBe(1);
  });

  it("an unused nonce is handed out again; an unknown fate or a failed job resyncs from the chain", async () => {
    const { chain, nonces } = chainAt(3n);
    await nonces.run(async (n) => ({ value: n, fate: "consumed" }));
    expect(await nonces.run(async (n) => ({ value: n, fate: "unused" }))).toBe(4n);
    expect(await nonces.run(async (n) => ({ value: n, fate: "unknown" }))).toBe(4n);
    expect(nonces.tracked).toBeUndefined();
    chain.next = 9n;
    await expect(
      nonces.run(async () => {
        throw new Error("gateway down");
      }),
    ).rejects.toThrow("gateway down");
    expect(await nonces.run(async (n) => ({ value: n, fate: "unused" }))).toBe(9n);
  });
});

async function paymentTx(options: { sponsored: boolean; fee: bigint }): Promise<StacksTransactionWire> {
  return makeContractCall({
    contractAddress: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM",
    contractName: "usdcx",
    functionName: "transfer",
    functionArgs: [Cl.uint(1000), Cl.principal(getAddressFromPrivateKey(payerKey, "testnet")), Cl.none()],
    senderKey: payerKey,
    network: "testnet",
    nonce: 0,
    fee: options.fee,
    sponsored: options.sponsored,
  });
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "sponsored",
    (err: SponsorRefused) => err.reason,
  );

describe("what the paywall sponsors", () => {
  // A fixed fee: no Stacks API is asked for an estimate.
  const sponsor = createSponsor({ privateKey: sponsorKey, fee: 2_000n, maxFee: 2_000n });

  it("its address is the feePayer on each network", () => {
    expect(sponsor.feePayer("stacks:2147483648")).toBe(getAddressFromPrivateKey(sponsorKey, "testnet"));
    expect(sponsor.feePayer("stacks:1")).toBe(getAddressFromPrivateKey(sponsorKey, "mainnet"));
  });

  it("an unsponsored transaction is the payer's to pay: nothing to sponsor", async () => {
    const tx = await paymentTx({ sponsored: false, fee: 3_000n });
    expect(await sponsor.sponsorshipOf(tx.serialize())).toBeNull();
  });

  it("a sponsored one is co-signed with the fee and the nonce it is given", async () => {
    const tx = await paymentTx({ sponsored: true, fee: 0n });
    const sponsorship = await sponsor.sponsorshipOf(tx.serialize());
    expect(sponsorship?.fee).toBe(2_000n);
    const cosigned = await sponsorship?.cosign(12n);
    expect(cosigned?.txid).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("refuses a sponsored payment whose own fee is not 0, one not signed by its origin, and a fee above maxFee", async () => {
    expect(
      await refusalOf(sponsor.sponsorshipOf((await paymentTx({ sponsored: true, fee: 1n })).serialize())),
    ).toBe("invalid_transaction");
    const unsigned = await paymentTx({ sponsored: true, fee: 0n });
    unsigned.auth.spendingCondition.nonce = 1n;
    expect(await refusalOf(sponsor.sponsorshipOf(unsigned.serialize()))).toBe("invalid_signature");
    const dear = createSponsor({ privateKey: sponsorKey, fee: 2_001n, maxFee: 2_000n });
    expect(
      await refusalOf(dear.sponsorshipOf((await paymentTx({ sponsored: true, fee: 0n })).serialize())),
    ).toBe("sponsor_fee_too_high");
  });

  it("refuses bad options at construction", () => {
    expect(() => createSponsor({ privateKey: "not a key" })).toThrow(TypeError);
    expect(() => createSponsor({ privateKey: sponsorKey, maxFee: -1 })).toThrow(TypeError);
  });
});
