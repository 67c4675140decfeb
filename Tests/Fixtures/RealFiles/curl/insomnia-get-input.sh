curl -X GET 'http://somesite.com/getdata' -i -G -d 'id=1234'
