curl -i -X GET "https://api.digitalocean.com/v2/dedicated-inferences?region=nyc2&page=1&per_page=20" \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DO_TOKEN"
