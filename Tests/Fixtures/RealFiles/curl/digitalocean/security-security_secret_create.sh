curl -X POST \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{"name":"my-database-password","region":"nyc3","values":{"password":"s3cr3t"}}' \
  "https://api.digitalocean.com/v2/security/secrets"
