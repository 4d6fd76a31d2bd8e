/** The one x402 codec (v2, v1 and the legacy proof form). */
export {};
