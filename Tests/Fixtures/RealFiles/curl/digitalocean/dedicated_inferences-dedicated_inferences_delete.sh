curl -i -X DELETE "https://api.digitalocean.com/v2/dedicated-inferences/6b5c619c-359c-44ca-87e2-47e98170c01d" \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DO_TOKEN"
