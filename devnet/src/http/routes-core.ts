import { deserializeCV, deserializePayload, serializePayloadBytes } from "@stacks/transactions";
import { Hono } from "hono";
import { ESTIMATE_FEE_RATES, NETWORK_ID, PARENT_NETWORK_ID, SERVER_VERSION } from "../config.ts";
import { clarityJson } from "../hiro/clarity-json.ts";
import { minimumFee } from "../tx/admission.ts";
import { isTestnetPrincipal } from "../tx/principal.ts";
import { badRequest, type HttpDeps, hash20, principalParam, u128Hex } from "./deps.ts";

/** Bytes of a transaction that are not its payload (auth with one signature, header, no post-conditions). */
const TX_OVERHEAD_BYTES = 120;

/** Reads a broadcast body: raw bytes (octet-stream), `{tx: hex}` (JSON), or a hex string. */
async function readTransactionBody(request: Request): Promise<Uint8Array | string | undefined> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body: unknown = await request.json().catch(() => undefined);
    if (typeof body === "string") return body;
    if (body && typeof body === "object" && "tx" in body && typeof body.tx === "string") return body.tx;
    return undefined;
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (type.includes("text/plain")) return new TextDecoder().decode(bytes).trim();
  return bytes;
}

/** The Stacks node's own RPC paths (`/v2/…`) that wallets and @stacks/transactions call. */
export function coreRoutes({ chain }: HttpDeps): Hono {
  const app = new Hono();

  app.get("/v2/info", (c) => {
    const tip = chain.ledger.tip();
    return c.json({
      peer_version: 4207599116,
      pox_consensus: hash20(tip.burnHash),
      burn_block_height: tip.burnHeight,
      stable_pox_consensus: hash20(tip.burnHash),
      stable_burn_block_height: tip.burnHeight,
      server_version: SERVER_VERSION,
      network_id: NETWORK_ID,
      parent_network_id: PARENT_NETWORK_ID,
      stacks_tip_height: tip.height,
      stacks_tip: tip.hash.replace(/^0x/, ""),
      stacks_tip_consensus_hash: hash20(tip.indexHash),
      genesis_chainstate_hash: "74237aa39aa50a83de11a4f53e9d3bb7d43461d1de9873f402e5453ae60bc59b",
      unanchored_tip: null,
      unanchored_seq: null,
      tenure_height: tip.burnHeight,
      exit_at_block_height: null,
      is_fully_synced: true,
      node_public_key: null,
      node_public_key_hash: null,
      stackerdbs: [],
    });
  });

  app.get("/v2/accounts/:principal", async (c) => {
    const principal = principalParam(c);
    if (!principal) return badRequest(c, "invalid principal");
    const balance = await chain.stxBalance(principal);
    return c.json({
      balance: u128Hex(balance),
      locked: u128Hex(0n),
      unlock_height: 0,
      nonce: Number(chain.ledger.confirmedNonce(principal)),
      balance_proof: "",
      nonce_proof: "",
    });
  });

  app.post("/v2/transactions", async (c) => {
    const body = await readTransactionBody(c.req.raw);
    if (body === undefined) {
      return c.json(
        {
          error: "transaction rejected",
          reason: "Deserialization",
          reason_data: { message: 'expected raw transaction bytes or {"tx": "<hex>"}' },
          txid: "",
        },
        400,
      );
    }
    const admission = await chain.broadcast(body);
    if (!admission.ok) return c.json(admission.rejection, 400);
    return c.json(admission.tx.txid.replace(/^0x/, ""));
  });

  app.get("/v2/fees/transfer", (c) => c.json(Number(ESTIMATE_FEE_RATES[0])));

  app.post("/v2/fees/transaction", async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const payloadHex =
      body && typeof body === "object" && "transaction_payload" in body
        ? body.transaction_payload
        : undefined;
    if (typeof payloadHex !== "string") return badRequest(c, "transaction_payload (hex) is required");
    let payloadLength: number;
    try {
      payloadLength = serializePayloadBytes(deserializePayload(payloadHex.replace(/^0x/, ""))).length;
    } catch (error) {
      return badRequest(
        c,
        "invalid transaction_payload",
        error instanceof Error ? error.message : String(error),
      );
    }
    const requested =
      body && typeof body === "object" && "estimated_len" in body ? body.estimated_len : undefined;
    const length =
      typeof requested === "number" && requested > 0 ? requested : payloadLength + TX_OVERHEAD_BYTES;
    const floor = minimumFee(length);
    return c.json({
      estimated_cost: { read_count: 1, read_length: 1, runtime: 1, write_count: 1, write_length: 1 },
      estimated_cost_scalar: 1,
      cost_scalar_change_by_byte: 0.00476837158203125,
      estimations: ESTIMATE_FEE_RATES.map((rate) => {
        const fee = BigInt(length) * rate;
        return { fee_rate: Number(rate), fee: Number(fee > floor ? fee : floor) };
      }),
    });
  });

  app.get("/v2/contracts/interface/:address/:name", (c) => {
    const contract = chain.contractInterface(`${c.req.param("address")}.${c.req.param("name")}`);
    if (!contract) return c.json({ error: "No contract interface data found" }, 404);
    return c.json(contract);
  });

  app.post("/v2/contracts/call-read/:address/:name/:function", async (c) => {
    const contractId = `${c.req.param("address")}.${c.req.param("name")}`;
    const body: unknown = await c.req.json().catch(() => undefined);
    const sender = body && typeof body === "object" && "sender" in body ? body.sender : undefined;
    const args = body && typeof body === "object" && "arguments" in body ? body.arguments : undefined;
    if (typeof sender !== "string" || !isTestnetPrincipal(sender) || !Array.isArray(args)) {
      return badRequest(c, "expected {sender, arguments: [hex…]}");
    }
    if (!chain.contractInterface(contractId))
      return c.json({ okay: false, cause: `NoSuchContract(${contractId})` });
    try {
      const values = args.map((arg) => deserializeCV(String(arg).replace(/^0x/, "")));
      const result = await chain.callReadOnly(contractId, c.req.param("function"), values, sender);
      return c.json({ okay: true, result: clarityJson(result).hex });
    } catch (error) {
      return c.json({ okay: false, cause: error instanceof Error ? error.message : String(error) });
    }
  });

  app.get("/v2/contracts/source/:address/:name", (c) => {
    const contractId = `${c.req.param("address")}.${c.req.param("name")}`;
    const source = chain.contractInterface(contractId) ? chain.vm.contractSource(contractId) : undefined;
    if (source === undefined) return c.json({ error: "No contract source data found" }, 404);
    return c.json({ source, publish_height: 0, proof: "" });
  });

  return app;
}
