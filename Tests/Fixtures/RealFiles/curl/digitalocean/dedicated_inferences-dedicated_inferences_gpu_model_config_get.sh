curl -i -X GET "https://api.digitalocean.com/v2/dedicated-inferences/gpu-model-config" \
  -H "Content-Type: application/json" \
  -H "Authorization: Bearer $DO_TOKEN"
