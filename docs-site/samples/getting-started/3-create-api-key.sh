# More keys whenever you need them: "sk" (secret, server only) or "pk" (publishable).
# A secret key is shown in full only in this answer; sPay keeps only its hash.
curl -s "${SPAY_API_URL:-http://localhost:8787}/v1/workspaces/$SPAY_WORKSPACE_ID/api-keys" \
  -H "Authorization: Bearer $SPAY_SESSION" \
  -H "Content-Type: application/json" \
  -d '{"type": "sk", "name": "Order service", "env": "test"}'
