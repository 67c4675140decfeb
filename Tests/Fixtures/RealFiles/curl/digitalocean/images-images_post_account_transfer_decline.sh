curl -X POST \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{"transfer_id": 3164444}' \
  "https://api.digitalocean.com/v2/images/9375231/account_transfer/decline"
