curl -X POST \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{"region_slug": "nyc3"}' \
  "https://api.digitalocean.com/v2/reserved_ipv6"
