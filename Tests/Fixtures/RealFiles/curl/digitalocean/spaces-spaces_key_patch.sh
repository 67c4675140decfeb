curl -X PATCH \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{"name": "new-key-name"}' \
  "https://api.digitalocean.com/v2/spaces/keys/DOACCESSKEYEXAMPLE"
