curl -X PATCH \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{"environment": "Staging"}' \
  "https://api.digitalocean.com/v2/projects/default"
