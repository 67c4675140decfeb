curl -X PUT \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{"region":"nyc3","version":1,"values":{"password":"n3w-s3cr3t"}}' \
  "https://api.digitalocean.com/v2/security/secrets/my-database-password"
