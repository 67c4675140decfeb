"""A GraphQL server for the graphql tests: ariadne (PyPI, on graphql-core) under waitress,
on the host and port given (port 0: any free one). Prints ``PORT n`` once it listens, as
server.py does. ``/graphql`` is open; ``/private/graphql`` answers only requests with
``Authorization: Bearer s3cret-token`` (introspection with the request's own auth).
The schema has interfaces, a union, enums, non-null lists, an input object, a mutation,
a field that always fails (``boom``) and a description with terminal escapes in it."""
import argparse
import json
import logging
import sys

from ariadne import (EnumType, InterfaceType, MutationType, QueryType, UnionType,
                     make_executable_schema)
from ariadne.wsgi import GraphQL
from waitress.server import create_server

TYPE_DEFS = '''
"""A film of the original trilogy."""
enum Episode {
  "Episode IV"
  NEWHOPE
  EMPIRE
  JEDI
  HOLIDAY @deprecated(reason: "never mention it")
}

interface Character {
  id: ID!
  name: String!
  friends: [Character!]!
  appearsIn: [Episode!]!
}

type Human implements Character {
  id: ID!
  name: String!
  friends: [Character!]!
  appearsIn: [Episode!]!
  homePlanet: String
}

"""A droid.\u001b]0;pwned\u0007 Beware \u202eevil"""
type Droid implements Character {
  id: ID!
  name: String!
  friends: [Character!]!
  appearsIn: [Episode!]!
  primaryFunction: String
}

union SearchResult = Human | Droid

input ReviewInput {
  stars: Int!
  commentary: String = "none"
}

type Review {
  episode: Episode!
  stars: Int!
  commentary: String
}

type Query {
  "The hero of a film; of the whole saga when no episode is given."
  hero(episode: Episode = JEDI): Character
  human(id: ID!): Human
  search(text: String!, first: Int = 10): [SearchResult!]!
  reviews(episode: Episode!): [Review!]!
  "Always fails."
  boom: String
  "What the Authorization header said."
  whoami: String
}

type Mutation {
  createReview(episode: Episode!, review: ReviewInput!): Review
}
'''

LUKE = {"__typename": "Human", "id": "1000", "name": "Luke Skywalker", "homePlanet": "Tatooine",
        "appearsIn": ["NEWHOPE", "EMPIRE", "JEDI"], "friends": ["2001"]}
R2 = {"__typename": "Droid", "id": "2001", "name": "R2-D2", "primaryFunction": "Astromech",
      "appearsIn": ["NEWHOPE", "EMPIRE", "JEDI"], "friends": ["1000"]}
CHARACTERS = {"1000": LUKE, "2001": R2}
REVIEWS: list = []

query = QueryType()
mutation = MutationType()
character = InterfaceType("Character")
search_result = UnionType("SearchResult")
episode = EnumType("Episode", {"NEWHOPE": "NEWHOPE", "EMPIRE": "EMPIRE", "JEDI": "JEDI", "HOLIDAY": "HOLIDAY"})


@character.type_resolver
@search_result.type_resolver
def resolve_type(obj, *_):
    return obj["__typename"]


@character.field("friends")
def resolve_friends(obj, *_):
    return [CHARACTERS[i] for i in obj["friends"]]


@query.field("hero")
def resolve_hero(*_, episode="JEDI"):
    return R2 if episode == "NEWHOPE" else LUKE


@query.field("human")
def resolve_human(*_, id):
    found = CHARACTERS.get(id)
    if found is None or found["__typename"] != "Human":
        raise ValueError(f"no human with id {id}")
    return found


@query.field("search")
def resolve_search(*_, text, first=10):
    return [c for c in CHARACTERS.values() if text.lower() in c["name"].lower()][:first]


@query.field("reviews")
def resolve_reviews(*_, episode):
    return [r for r in REVIEWS if r["episode"] == episode]


@query.field("boom")
def resolve_boom(*_):
    raise RuntimeError("the boom field always fails")


@query.field("whoami")
def resolve_whoami(_, info):
    return info.context["HTTP_AUTHORIZATION"] if "HTTP_AUTHORIZATION" in info.context else None


@mutation.field("createReview")
def resolve_create_review(*_, episode, review):
    if review["stars"] < 0:
        raise ValueError("stars must not be negative")
    made = {"episode": episode, "stars": review["stars"], "commentary": review.get("commentary")}
    REVIEWS.append(made)
    return made


SCHEMA = make_executable_schema(TYPE_DEFS, query, mutation, character, search_result, episode)
APP = GraphQL(SCHEMA, context_value=lambda request, *_: request, debug=False)


def application(environ, start_response):
    """``/graphql`` open, ``/private/graphql`` behind a bearer token; the rest 404."""
    path = environ.get("PATH_INFO", "")
    if path == "/private/graphql" and environ.get("HTTP_AUTHORIZATION") != "Bearer s3cret-token":
        start_response("401 Unauthorized", [("Content-Type", "application/json"), ("WWW-Authenticate", "Bearer")])
        return [json.dumps({"errors": [{"message": "unauthorized"}]}).encode()]
    if path not in ("/graphql", "/private/graphql"):
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"not found"]
    return APP(environ, start_response)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    arguments = parser.parse_args()
    logging.getLogger("waitress").setLevel(logging.ERROR)
    logging.getLogger("ariadne").setLevel(logging.CRITICAL)
    server = create_server(application, host=arguments.host, port=arguments.port, threads=4)
    print(f"PORT {server.effective_port}", flush=True)
    sys.stdout.close()
    server.run()


if __name__ == "__main__":
    main()
