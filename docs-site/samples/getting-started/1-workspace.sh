# A workspace is one store: its payout wallet, keys, products and payments.
# It starts with a sandbox environment (test keys, devnet or testnet).
curl -s "${SPAY_API_URL:-http://localhost:8787}/v1/organizations/$SPAY_ORG_ID/workspaces" \
  -H "Authorization: Bearer $SPAY_SESSION" \
  -H "Content-Type: application/json" \
  -d '{"name": "Online store"}'
