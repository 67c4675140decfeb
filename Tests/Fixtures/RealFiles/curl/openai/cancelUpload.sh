curl https://api.openai.com/v1/uploads/upload_abc123/cancel
