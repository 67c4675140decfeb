curl https://insomnia.rest/1/2/3;
curl https://insomnia.rest/foo/bar;



curl https://insomnia.rest/ --cookie foo=bar;
echo "hello";
curl https://insomnia.rest;
