curl https://insomnia.rest -H 'X-Something: foo: bar:baz'
