curl -X POST \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{"tier_slug": "professional"}' \
  "https://api.digitalocean.com/v2/registries/subscription"
