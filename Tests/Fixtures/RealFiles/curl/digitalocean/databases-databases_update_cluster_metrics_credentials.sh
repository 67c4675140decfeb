curl -X PUT \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{"credentials": {"basic_auth_username": "new_username", "basic_auth_password": "new_password"}}'\
  "https://api.digitalocean.com/v2/databases/metrics/credentials"
