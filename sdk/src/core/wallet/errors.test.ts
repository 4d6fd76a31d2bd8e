import { describe, expect, it } from "vitest";
import { WALLET_ERROR_CODES, WALLET_ERROR_MESSAGES } from "../messages.js";
import { isUserRejection, toWalletError, userCanceled, WalletError } from "./errors.js";

describe("wallet errors map to SPEC.md §8's JSON-RPC codes and texts", () => {
  it("the picker's cancel is 'User canceled the request', code -31001", () => {
    const err = userCanceled();
    expect(err).toBeInstanceOf(WalletError);
    expect(err.message).toBe("User canceled the request");
    expect(err.code).toBe(-31001);
    expect(isUserRejection(err)).toBe(true);
  });

  it.each(Object.entries(WALLET_ERROR_MESSAGES))("code %s gets its text", (code, text) => {
    const err = toWalletError({ code: Number(code), message: "wallet wording" });
    expect(err.code).toBe(Number(code));
    expect(err.message).toBe(text);
    expect(err.detail).toBe("wallet wording");
  });

  it("reads @stacks/connect's JsonRpcError, a raw JSON-RPC response, a bare code and a string", () => {
    class JsonRpcError extends Error {
      constructor(
        message: string,
        readonly code: number,
      ) {
        super(message);
      }
    }
    expect(toWalletError(new JsonRpcError("User rejected", -32000)).message).toBe(
      "User rejected the request",
    );
    expect(toWalletError({ jsonrpc: "2.0", id: 1, error: { code: -32002, message: "denied" } }).code).toBe(
      WALLET_ERROR_CODES.methodAccessDenied,
    );
    expect(toWalletError(-32601).message).toBe("Method not found");
    const text = toWalletError("Extension context invalidated");
    expect([text.code, text.message]).toEqual([-31000, "Extension context invalidated"]);
  });

  it("unknown failures keep their message under code -31000; unknown codes keep theirs", () => {
    const plain = toWalletError(new Error("popup blocked"));
    expect([plain.code, plain.message]).toEqual([-31000, "popup blocked"]);
    const custom = toWalletError({ code: 4001, message: "Rejected by user" });
    expect([custom.code, custom.message]).toEqual([4001, "Rejected by user"]);
    expect(toWalletError(undefined).message).toBe("Unknown error");
    expect(isUserRejection(plain)).toBe(false);
  });

  it("a WalletError passes through unchanged", () => {
    const err = new WalletError("x", -32603);
    expect(toWalletError(err)).toBe(err);
  });
});
