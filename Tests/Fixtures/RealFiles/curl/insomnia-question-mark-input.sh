curl http://192.168.1.1:9200/executions/_search\?pretty --data '{"query":{"match_all":{}}}'
