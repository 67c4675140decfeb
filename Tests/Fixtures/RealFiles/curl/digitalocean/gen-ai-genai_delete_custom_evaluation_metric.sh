curl -X DELETE \
  -H "Content-Type: application/json"  \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  "https://api.digitalocean.com/v2/gen-ai/custom_evaluation_metrics/e51dba65-cf7a-11ef-bf8f-4e013e2ddde4"
