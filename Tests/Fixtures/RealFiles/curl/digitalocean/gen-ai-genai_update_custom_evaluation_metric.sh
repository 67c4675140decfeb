curl -X PUT \
  -H "Content-Type: application/json"  \
  -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
  "https://api.digitalocean.com/v2/gen-ai/custom_evaluation_metrics/e51dba65-cf7a-11ef-bf8f-4e013e2ddde4" \
  -d '{
    "metric_uuid": "e51dba65-cf7a-11ef-bf8f-4e013e2ddde4",
    "metric_name": "My domain tone metric",
    "description": "Scores adherence to our support macros",
    "config": {
      "requires_ground_truth": true,
      "scoring_prompt": "Grade for brand tone and factuality."
    }
  }'
