/**
 * Paying from one given address (a merchant's refund from the payout address the payment went to).
 * A module of its own: only the lazily loaded wallet module imports it, so the core bundle (and
 * the chunk core shares with the wallet module) does not carry it.
 */
export const PAY_FROM_MESSAGES = {
  wrongAccount: (address: string) =>
    `Your wallet's current account is not ${address}, the address this must be paid from. Switch to that account in your wallet and try again.`,
} as const;
