# An organization holds your workspaces; its slug must be unique.
curl -s "${SPAY_API_URL:-http://localhost:8787}/v1/organizations" \
  -H "Authorization: Bearer $SPAY_SESSION" \
  -H "Content-Type: application/json" \
  -d "{\"name\": \"Acme Coffee\", \"slug\": \"$SPAY_ORG_SLUG\"}"
