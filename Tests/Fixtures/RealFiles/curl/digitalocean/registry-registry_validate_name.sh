curl -X POST \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{"name": "example"}' \
  "https://api.digitalocean.com/v2/registry/validate-name"
