curl -X POST https://insomnia.rest/ \
  --data "foo=bar&baz=qux" \
  -H Content-Type:application/x-www-form-urlencoded
