curl -X DELETE \
    -H "Content-Type: application/json"  \
    -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
    "https://api.digitalocean.com/v2/gen-ai/models/routers/12345678-1234-1234-1234-123456789012"
