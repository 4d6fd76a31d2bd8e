# Subscribe a URL to your workspace's events. The answer's "secret" (whsec_…) is
# shown only here: store it, your receiver verifies every delivery with it.
curl -s "${SPAY_API_URL:-http://localhost:8787}/v1/webhook_endpoints" \
  -H "Authorization: Bearer $SPAY_SECRET_KEY" \
  -H "Content-Type: application/json" \
  -d "{
    \"url\": \"$WEBHOOK_URL\",
    \"enabled_events\": [\"payment_intent.succeeded\", \"payment_intent.expired\", \"payment_intent.paid_late\"],
    \"description\": \"Order service\"
  }"
