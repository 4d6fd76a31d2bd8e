# Ask the facilitator for fresh x402 requirements for one paid resource:
# $0.001 in USDC (1000 units) or in sBTC (rounded up to whole sats). Each
# accepts[] entry carries a single-use nonce (the transfer's memo) and an expiry.
curl -s "${SPAY_API_URL:-http://localhost:8787}/v1/x402/requirements" \
  -H "Authorization: Bearer $SPAY_SECRET_KEY" \
  -H "Content-Type: application/json" \
  -d '{
    "resource": {"url": "https://api.example.com/forecast", "description": "Weather forecast", "mimeType": "application/json"},
    "accepts": [{"asset": "usdc", "price": "$0.001"}, {"asset": "sbtc", "price": "$0.001"}]
  }'
