curl https://insomnia.rest/signup \
  -F file=@/home/user/file.txt \
  -F foo=bar \
  -F baz=qux
