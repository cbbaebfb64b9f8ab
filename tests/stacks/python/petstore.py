"""A Pet Store on Python 3's standard library (http.server), as a team without a framework writes it.

Run: python3 petstore.py PORT API_KEY   (PORT 0 picks a free port; the chosen one is printed
as "listening on PORT"). PETSTORE_FAULT names one fault a Python service really ships with:

- bool-is-int: categoryId checked with isinstance(value, int), which True passes (bool is an int);
- name-column-50: names cut to a VARCHAR(50) column;
- error-detail-body: errors answered {"detail": ...} (the shape of Django REST framework / FastAPI);
- key-prefix: the token compared with startswith, so anything after the key is let in;
- bounded-store: the store keeps the newest 50 pets (an LRU cache standing in for a table) while
  ids are still len(pets) + 1, so after 50 creates ids repeat and overwrite pets;
- category-float64: categoryId kept in a float64 column (a pandas frame), so 2^53 + 1 comes back
  as 2^53 and the int64 ends move, while the create answers 201;
- category-int32: categoryId kept in a numpy int32 column (numpy's default integer on Windows), so
  2^31 wraps to -2^31 while the create answers 201;
- name-printable-only: names filtered with str.isprintable(), which drops control characters and
  also format characters (bidirectional marks, zero-width joiners);
- empty-filter-404: a status filter that matches no pet answers 404 "no pets with this status";
- one-pet-unwrapped: a list of exactly one pet is answered as that pet, not an array of one (the
  habit of XML-to-JSON serialisers).

PETSTORE_IDS=negative assigns ids counting down from -1 (a key space some services hand out from
the bottom), any other value 1, 2, 3, ...

Its free choices where the interface document is silent: a limit outside 1..100 is clamped and a
limit that is not an integer is 400, the status filter ignores letter case (an unknown status
lists nothing), a petId that is not an
integer is 404, a pet created without status is "pending", any int64 categoryId is kept exactly,
and extra body fields are ignored.
"""

import json
import os
from collections import OrderedDict
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

STATUSES = ("available", "pending", "sold")
INT64 = (-(2**63), 2**63 - 1)
FAULT = os.environ.get("PETSTORE_FAULT", "")
ID_STEP = -1 if os.environ.get("PETSTORE_IDS") == "negative" else 1

pets = OrderedDict()
BOUND = 50
lock = threading.Lock()


class ApiError(Exception):
    def __init__(self, status, code, message):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def is_int64(value):
    if FAULT == "bool-is-int":
        return isinstance(value, int) and INT64[0] <= value <= INT64[1]
    return type(value) is int and INT64[0] <= value <= INT64[1]


def new_pet(body):
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_body", "the body must be a JSON object")
    name, category, status = body.get("name"), body.get("categoryId"), body.get("status", "pending")
    if not isinstance(name, str):
        raise ApiError(400, "invalid_body", "name must be a string")
    if not is_int64(category):
        raise ApiError(400, "invalid_body", "categoryId must be an int64 integer")
    if status not in STATUSES:
        raise ApiError(400, "invalid_body", "status must be one of " + ", ".join(STATUSES))
    if FAULT == "name-column-50":
        name = name[:50]
    if FAULT == "name-printable-only":
        name = "".join(c for c in name if c.isprintable())
    if FAULT == "category-float64":
        category = int(float(category))
    if FAULT == "category-int32":
        category = (category + 2**31) % 2**32 - 2**31
    with lock:
        pet = {"id": (len(pets) + 1) * ID_STEP, "name": name, "categoryId": category, "status": status}
        pets[pet["id"]] = pet
        if FAULT == "bounded-store" and len(pets) > BOUND:
            pets.popitem(last=False)
    return pet


class Handler(BaseHTTPRequestHandler):
    # Keep-alive, and headers and body not held back by Nagle's algorithm (else ~40 ms per answer).
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def send_json(self, status, body, headers=()):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def authorised(self):
        # http.server's headers.get returns the first of two Authorization field lines.
        parts = (self.headers.get("Authorization") or "").split(" ")
        if len(parts) != 2 or parts[0].lower() != "bearer":
            return False
        token, key = parts[1], self.server.api_key
        return token.startswith(key) if FAULT == "key-prefix" else token == key

    def handle_api(self, method):
        url = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length > 0 else b""
        try:
            if not self.authorised():
                raise ApiError(401, "unauthorized", "missing or invalid API key")
            if url.path == "/v1/pets" and method == "GET":
                page = self.list(parse_qs(url.query, keep_blank_values=True))
                one = FAULT == "one-pet-unwrapped" and len(page) == 1
                return self.send_json(200, page[0] if one else page)
            if url.path == "/v1/pets" and method == "POST":
                try:
                    body = json.loads(raw)
                except ValueError:
                    raise ApiError(400, "invalid_json", "the body is not JSON")
                pet = new_pet(body)
                return self.send_json(201, pet, [("Location", "/v1/pets/%d" % pet["id"])])
            if url.path.startswith("/v1/pets/") and method == "GET":
                try:
                    pet = pets.get(int(url.path[len("/v1/pets/"):]))
                except ValueError:
                    pet = None
                if pet is None:
                    raise ApiError(404, "not_found", "no such pet")
                return self.send_json(200, pet)
            raise ApiError(404, "not_found", "no such route")
        except ApiError as error:
            body = (
                {"detail": error.message}
                if FAULT == "error-detail-body"
                else {"code": error.code, "message": error.message, "status": error.status}
            )
            headers = [("WWW-Authenticate", "Bearer")] if error.status == 401 else []
            self.send_json(error.status, body, headers)

    def list(self, query):
        status = query.get("status", [None])[0]
        if status is not None:
            status = status.lower()  # friendly to clients that capitalise
        try:
            limit = max(1, min(100, int(query.get("limit", ["20"])[0])))
        except ValueError:
            raise ApiError(400, "invalid_limit", "limit must be an integer")
        with lock:
            matching = [pet for pet in pets.values() if status is None or pet["status"] == status]
        if FAULT == "empty-filter-404" and status is not None and not matching:
            raise ApiError(404, "not_found", "no pets with this status")
        return matching[:limit]

    def do_GET(self):
        self.handle_api("GET")

    def do_POST(self):
        self.handle_api("POST")


def main():
    port, api_key = int(sys.argv[1]), sys.argv[2]
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.api_key = api_key
    print("listening on %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
