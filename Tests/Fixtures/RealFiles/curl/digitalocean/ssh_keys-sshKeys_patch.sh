curl -X PUT \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{"name":"Renamed SSH Key"}' \
  "https://api.digitalocean.com/v2/account/keys/512190"
