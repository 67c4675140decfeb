curl -X POST https://api.openai.com/v1/organization/projects/proj_abc/hosted_tool_permissions \
  -H "Authorization: Bearer $OPENAI_ADMIN_KEY" \
  -H "Content-Type: application/json" \
  -d '{
      "file_search": {
          "enabled": true
      },
      "image_generation": {
          "enabled": false
      }
  }'
