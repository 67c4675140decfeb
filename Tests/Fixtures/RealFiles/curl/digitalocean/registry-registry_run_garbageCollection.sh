curl -X POST \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  -d '{ "type": "unreferenced blobs only"}' \
  "https://api.digitalocean.com/v2/registry/example/garbage-collection"
