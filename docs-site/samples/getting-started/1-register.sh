# Create a developer account (email + password). The answer's session_id is your
# session token: send it as "Authorization: Bearer <session_id>" while you set up.
curl -s "${SPAY_API_URL:-http://localhost:8787}/v1/auth/register" \
  -H "Content-Type: application/json" \
  -d "{\"email\": \"$SPAY_EMAIL\", \"password\": \"$SPAY_PASSWORD\", \"name\": \"Ada\"}"
