/** sPay contract: one definition, imported by the server, devnet, SDK, dashboard and docs. */
export {};
