import { type PaymentRequirement, X402_NETWORKS, X402Error, type X402Reason } from "@spay/protocol/x402";
import { describe, expect, it } from "vitest";
import type { TransferFacts } from "../../domain/x402/transfer.ts";
import {
  checkAccount,
  checkRequirement,
  checkTransfer,
  holdToIssued,
  type IssuedTerms,
  type Payee,
  type SponsorAccount,
} from "./verify-rules.ts";

const NETWORK = X402_NETWORKS.testnet;
const PAYOUT = "ST2JHG361ZXG51QTKY2NQCVBPPRRE2KZB1HR05NNC";
const USDC = "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdcx";
const SBTC = "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token";
const NOW = 1_800_000_000;

const requirement: PaymentRequirement = {
  scheme: "exact",
  network: NETWORK,
  amount: 1000n,
  asset: USDC,
  payTo: PAYOUT,
  nonce: "n-1",
  expiresAt: NOW + 60,
  decimals: 6,
  resource: "https://api.example/weather",
};
const payee: Payee = { network: NETWORK, payout: PAYOUT, tokens: [USDC, SBTC], now: NOW };
const proof: { network: string; scheme: string } = { network: NETWORK, scheme: "exact" };
const transfer: TransferFacts = {
  txid: `0x${"ab".repeat(32)}`,
  payer: "ST3PAYER",
  contract: USDC,
  functionName: "transfer",
  amount: 1000n,
  recipient: PAYOUT,
  memo: "n-1",
  network: NETWORK,
  nonce: 7n,
  fee: 2000n,
  sponsor: null,
  sponsorNonce: null,
  feePayer: "ST3PAYER",
};
const issued: IssuedTerms = {
  nonce: "n-1",
  network: NETWORK,
  asset: USDC,
  amount: "1000",
  pay_to: PAYOUT,
  resource: "https://api.example/weather",
  expires_at: NOW + 300,
};

function reasonOf(rule: () => unknown): X402Reason | "passes" {
  try {
    rule();
    return "passes";
  } catch (err) {
    if (err instanceof X402Error) return err.reason;
    throw err;
  }
}

describe("x402 verify rules: the requirement", () => {
  const check = (r: Partial<PaymentRequirement>, p: Partial<Payee> = {}, pr = proof) =>
    reasonOf(() => checkRequirement({ ...requirement, ...r }, pr, { ...payee, ...p }));

  it("a requirement on the key's network, for a settled token, to the payout address, not expired, passes", () => {
    expect(check({})).toBe("passes");
  });
  it("only the exact scheme", () => {
    expect(check({ scheme: "upto" })).toBe("invalid_scheme");
    expect(check({}, {}, { ...proof, scheme: "upto" })).toBe("invalid_scheme");
  });
  it("the key's network only, for the requirement and the proof", () => {
    expect(check({ network: X402_NETWORKS.mainnet })).toBe("invalid_network");
    expect(check({}, {}, { ...proof, network: X402_NETWORKS.mainnet })).toBe("invalid_network");
  });
  it("a token this gateway settles", () => {
    expect(check({ asset: "ST1.other-token" })).toBe("asset_mismatch");
  });
  it("the workspace's payout address, which must exist", () => {
    expect(check({ payTo: "ST3SOMEONEELSE" })).toBe("recipient_mismatch");
    expect(check({}, { payout: null })).toBe("recipient_mismatch");
  });
  it("expires at its expiry second", () => {
    expect(check({ expiresAt: NOW + 1 })).toBe("passes");
    expect(check({ expiresAt: NOW })).toBe("payment_expired");
    expect(check({ expiresAt: null })).toBe("passes");
  });
});

describe("x402 verify rules: the transfer", () => {
  const check = (t: Partial<TransferFacts>, r: Partial<PaymentRequirement> = {}) =>
    reasonOf(() => checkTransfer({ ...requirement, ...r }, { ...transfer, ...t }, NETWORK));

  it("a SIP-010 transfer of exactly the amount, to the payee, with the nonce as memo, passes", () => {
    expect(check({})).toBe("passes");
  });
  it("the exact amount: one unit short or over is refused", () => {
    expect(check({ amount: 999n })).toBe("amount_mismatch");
    expect(check({ amount: 1001n })).toBe("amount_mismatch");
  });
  it("the required token", () => {
    expect(check({ contract: SBTC })).toBe("asset_mismatch");
  });
  it("to the payee", () => {
    expect(check({ recipient: "ST3SOMEONEELSE" })).toBe("recipient_mismatch");
  });
  it("memo = nonce, when the requirement has one", () => {
    expect(check({ memo: "n-2" })).toBe("invalid_memo");
    expect(check({ memo: null })).toBe("invalid_memo");
    expect(check({ memo: null }, { nonce: null })).toBe("passes");
  });
  it("a transfer call on the key's network", () => {
    expect(check({ functionName: "transfer-many" })).toBe("invalid_transaction");
    expect(check({ network: X402_NETWORKS.mainnet })).toBe("invalid_network");
  });
});

describe("x402 verify rules: the payer's account (signed transfers)", () => {
  const check = (account: Partial<Parameters<typeof checkAccount>[1]>, t: Partial<TransferFacts> = {}) =>
    reasonOf(() =>
      checkAccount({ ...transfer, ...t }, { nextNonce: 7n, tokenBalance: 1000n, stx: 2000n, ...account }),
    );

  it("the account's next nonce, and enough token and STX for amount and fee", () => {
    expect(check({})).toBe("passes");
    expect(check({ nextNonce: 8n })).toBe("invalid_nonce");
    expect(check({ tokenBalance: 999n })).toBe("insufficient_funds");
    expect(check({ stx: 1999n })).toBe("insufficient_funds");
  });
  it("a broadcast transfer (no nonce, no fee) is not held to the account", () => {
    expect(check({ nextNonce: 8n, stx: 0n }, { nonce: null, fee: null })).toBe("passes");
  });
});

describe("x402 verify rules: a sponsored transfer's fee is the sponsor's", () => {
  const sponsored: Partial<TransferFacts> = {
    sponsor: "ST3SPONSOR",
    sponsorNonce: 40n,
    feePayer: "ST3SPONSOR",
  };
  const check = (
    sponsor: Partial<SponsorAccount>,
    account: Partial<Parameters<typeof checkAccount>[1]> = {},
  ) =>
    reasonOf(() =>
      checkAccount(
        { ...transfer, ...sponsored },
        { nextNonce: 7n, tokenBalance: 1000n, stx: 2000n, ...account },
        { nextNonce: 40n, stx: 2000n, ...sponsor },
      ),
    );

  it("the payer needs its tokens and nonce but no STX", () => {
    expect(check({}, { stx: 0n })).toBe("passes");
    expect(check({}, { tokenBalance: 999n })).toBe("insufficient_funds");
    expect(check({}, { nextNonce: 8n })).toBe("invalid_nonce");
  });
  it("the sponsor covers the fee and spends its next nonce", () => {
    expect(check({ stx: 1999n })).toBe("insufficient_funds");
    expect(check({ nextNonce: 41n })).toBe("invalid_nonce");
  });
});

describe("x402 verify rules: issued terms", () => {
  const hold = (r: Partial<PaymentRequirement>) =>
    reasonOf(() => holdToIssued({ ...requirement, ...r }, issued));

  it("an echoed requirement must state the issued token, amount, payee and resource", () => {
    expect(hold({})).toBe("passes");
    expect(hold({ asset: SBTC })).toBe("asset_mismatch");
    expect(hold({ amount: 999n })).toBe("amount_mismatch");
    expect(hold({ payTo: "ST3SOMEONEELSE" })).toBe("recipient_mismatch");
    expect(hold({ resource: "https://api.example/other" })).toBe("unknown_requirement");
    expect(hold({ resource: null })).toBe("passes");
  });
  it("the issued network and expiry replace whatever the client stated", () => {
    const held = holdToIssued({ ...requirement, expiresAt: NOW + 10_000 }, issued);
    expect(held.expiresAt).toBe(NOW + 300);
    expect(held.network).toBe(NETWORK);
  });
});

describe("native STX payments", () => {
  const stxRequirement: PaymentRequirement = { ...requirement, asset: "STX", amount: 2000n };
  const stxTransfer: TransferFacts = {
    ...transfer,
    contract: "STX",
    functionName: "token-transfer",
    amount: 2000n,
  };

  it("an STX token-transfer of the amount, to the payee, with the nonce as memo, passes", () => {
    expect(reasonOf(() => checkTransfer(stxRequirement, stxTransfer, NETWORK))).toBe("passes");
  });

  it("a SIP-010 call naming the STX asset is not an STX payment", () => {
    expect(
      reasonOf(() => checkTransfer(stxRequirement, { ...stxTransfer, functionName: "transfer" }, NETWORK)),
    ).toBe("invalid_transaction");
  });

  it("an STX transfer does not pay a USDC requirement, nor a USDC transfer an STX one", () => {
    expect(reasonOf(() => checkTransfer(requirement, stxTransfer, NETWORK))).toBe("asset_mismatch");
    expect(reasonOf(() => checkTransfer(stxRequirement, transfer, NETWORK))).toBe("asset_mismatch");
  });

  it("the payer's STX cover the amount and the fee together", () => {
    const account = { nextNonce: 7n, tokenBalance: 0n, stx: 4000n };
    expect(reasonOf(() => checkAccount(stxTransfer, account))).toBe("passes");
    expect(reasonOf(() => checkAccount(stxTransfer, { ...account, stx: 3999n }))).toBe("insufficient_funds");
  });
});
