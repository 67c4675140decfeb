curl -X PUT \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{"name":"new-image-name"}' \
  "https://api.digitalocean.com/v2/images/7938391"
