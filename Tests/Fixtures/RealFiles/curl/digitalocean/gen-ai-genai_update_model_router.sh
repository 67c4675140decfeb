curl -X PUT \
    -H "Content-Type: application/json"  \
    -H "Authorization: Bearer $DIGITALOCEAN_TOKEN" \
    "https://api.digitalocean.com/v2/gen-ai/models/routers/12345678-1234-1234-1234-123456789012" \
    -d '{
      "name": "My Model Router",
      "description": "Updated router description",
      "regions": ["tor1"],
      "fallback_models": ["openai-gpt-5.4", "kimi-k2.5"],
      "policies": [
        {
          "task_slug": "summarization",
          "models": ["openai-gpt-5.4"],
          "selection_policy": {
            "prefer": "cheapest"
          }
        }
      ]
    }'
