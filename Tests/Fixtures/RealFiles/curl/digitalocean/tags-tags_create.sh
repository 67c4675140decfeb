curl -X POST \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{"name":"awesome"}' \
  "https://api.digitalocean.com/v2/tags"
