# A $19.99 payment in sBTC. The sats amount is fixed now, at the current BTC price;
# the intent expires in 15 minutes. Reusing the Idempotency-Key (here: your order
# number) returns the same intent instead of a second one.
curl -s "${SPAY_API_URL:-http://localhost:8787}/v1/payment_intents" \
  -H "Authorization: Bearer $SPAY_SECRET_KEY" \
  -H "Idempotency-Key: order-$ORDER_ID" \
  -H "Content-Type: application/json" \
  -d "{
    \"amount_minor\": 1999,
    \"currency\": \"usd\",
    \"asset\": \"sbtc\",
    \"customer_email\": \"buyer@example.com\",
    \"metadata\": {\"order_id\": \"$ORDER_ID\"}
  }"
