import { addressFromVersionHash, addressToString } from "@stacks/transactions";
import { describe, expect, it } from "vitest";
import { newTestWallet, signMessage } from "../../test/harness.ts";
import { addressOnNetwork, parseStacksAddress, verifyAddressSignature } from "./stacks-address.ts";

const HASH = "a46ff88886c2ef9762d970b4d2c63678835bd39d";
const withVersion = (version: number) => addressToString(addressFromVersionHash(version, HASH));

describe("Stacks address versions (validateStacksAddress does not check them; we do)", () => {
  it("accepts the four Stacks versions and says which network and kind each is", () => {
    expect(parseStacksAddress(withVersion(22))).toMatchObject({ network: "mainnet", singleSig: true });
    expect(parseStacksAddress(withVersion(20))).toMatchObject({ network: "mainnet", singleSig: false });
    expect(parseStacksAddress(withVersion(26))).toMatchObject({ network: "testnet", singleSig: true });
    expect(parseStacksAddress(withVersion(21))).toMatchObject({ network: "testnet", singleSig: false });
  });

  it("refuses well-formed c32 addresses with any other version byte", () => {
    for (const version of [0, 1, 5, 19, 23, 25, 27, 31])
      expect(parseStacksAddress(withVersion(version))).toBeNull();
  });

  it("refuses a broken checksum and non-addresses", () => {
    const good = withVersion(26);
    const last = good.at(-1) === "A" ? "B" : "A";
    expect(parseStacksAddress(good.slice(0, -1) + last)).toBeNull();
    expect(parseStacksAddress("hello")).toBeNull();
    expect(parseStacksAddress(`${good}.contract`)).toBeNull();
  });

  it("maps a key's address to the other network with the same hash", () => {
    const testnet = parseStacksAddress(withVersion(26))!;
    expect(addressOnNetwork(testnet, "mainnet")).toBe(withVersion(22));
    expect(addressOnNetwork(testnet, "testnet")).toBe(withVersion(26));
  });
});

describe("verifyAddressSignature", () => {
  it("accepts the wallet's own signature and rejects the same key claimed on a script-version address", () => {
    const wallet = newTestWallet();
    const signature = signMessage(wallet, "hello");
    expect(
      verifyAddressSignature({
        address: wallet.address,
        message: "hello",
        signature,
        publicKey: wallet.publicKey,
      }),
    ).toEqual({ ok: true });
    const parsed = parseStacksAddress(wallet.address)!;
    const scriptVersion = addressToString(addressFromVersionHash(21, parsed.hash160));
    expect(
      verifyAddressSignature({
        address: scriptVersion,
        message: "hello",
        signature,
        publicKey: wallet.publicKey,
      }),
    ).toEqual({
      ok: false,
      reason: "public_key_mismatch",
    });
    expect(
      verifyAddressSignature({
        address: wallet.address,
        message: "hello!",
        signature,
        publicKey: wallet.publicKey,
      }),
    ).toEqual({
      ok: false,
      reason: "signature_invalid",
    });
    expect(
      verifyAddressSignature({
        address: wallet.address,
        message: "hello",
        signature: `0x${signature}`,
        publicKey: wallet.publicKey,
      }).ok,
    ).toBe(true);
    expect(
      verifyAddressSignature({
        address: wallet.address,
        message: "hello",
        signature: "zz",
        publicKey: wallet.publicKey,
      }).ok,
    ).toBe(false);
  });
});

const CURVE_ORDER = BigInt("0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");

/** The other byte strings a third party can derive from a genuine RSV signature without the key. */
function malleableForms(signature: string): Record<string, string> {
  const r = signature.slice(0, 64);
  const s = BigInt(`0x${signature.slice(64, 128)}`);
  const v = Number.parseInt(signature.slice(128), 16);
  const highS = (CURVE_ORDER - s).toString(16).padStart(64, "0");
  const byte = (n: number) => n.toString(16).padStart(2, "0");
  return {
    "recovery byte flipped (v ^ 1)": r + signature.slice(64, 128) + byte(v ^ 1),
    "recovery byte 2": r + signature.slice(64, 128) + byte(2),
    "recovery byte 3": r + signature.slice(64, 128) + byte(3),
    "recovery byte + 27": r + signature.slice(64, 128) + byte(v + 27),
    "recovery byte flipped + 27": r + signature.slice(64, 128) + byte((v ^ 1) + 27),
    "high-S with the matching flipped recovery byte": r + highS + byte(v ^ 1),
    "high-S with the original recovery byte": r + highS + byte(v),
  };
}

describe("verifyAddressSignature refuses re-encodings of a genuine signature", () => {
  const wallet = newTestWallet();
  const message = "Sign in to sPay.\nNonce: 00ff";
  const genuine = signMessage(wallet, message);
  const check = (signature: string) =>
    verifyAddressSignature({ address: wallet.address, message, signature, publicKey: wallet.publicKey });

  it("accepts only the genuine encoding", () => {
    expect(check(genuine)).toEqual({ ok: true });
  });

  for (const [form, signature] of Object.entries(malleableForms(genuine))) {
    it(`refuses the ${form}`, () => {
      expect(signature).not.toBe(genuine);
      expect(check(signature)).toEqual({ ok: false, reason: "signature_invalid" });
    });
  }

  it("refuses a genuine signature presented with another key of the same address", () => {
    const other = newTestWallet();
    expect(
      verifyAddressSignature({
        address: other.address,
        message,
        signature: genuine,
        publicKey: other.publicKey,
      }),
    ).toEqual({ ok: false, reason: "signature_invalid" });
  });
});
