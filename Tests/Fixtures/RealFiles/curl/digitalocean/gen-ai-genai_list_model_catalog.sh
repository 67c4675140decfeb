curl -X GET \
  -H "Content-Type: application/json"  \
  "https://api.digitalocean.com/v2/gen-ai/models/catalog"
