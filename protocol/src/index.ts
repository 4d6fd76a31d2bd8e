/** sPay contract: one definition, imported by the server, devnet, SDK, dashboard and docs. */
export * from "./errors.ts";
export * from "./events.ts";
export * from "./networks.ts";
export * from "./status.ts";
export * from "./tokens.ts";
export * from "./transitions.ts";
