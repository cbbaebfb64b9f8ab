// Generated from spec/openapi.yaml by `npm run generate`. Do not edit: edit the spec.

import type { PetStoreDocument } from '../PetStoreDocument.ts'

/** spec/openapi.yaml, validated by swagger-parser, every $ref resolved. */
export const openApiDocument: PetStoreDocument = {
  "openapi": "3.1.0",
  "info": {
    "title": "Pet Store",
    "version": "1.0.0",
    "summary": "List animals, add an animal and fetch one animal by identifier.",
    "description": "The whole interface of the pet store service, as given by the Pet Store Service Interface\ndocument (version 1.0.0). Every operation needs a bearer API key.\n\nWhere the interface document says \"not shown\", this file records the choice this project's\nmock makes, always in a way that an implementation following the interface document still\nconforms: such choices are optional headers, extra documented error responses, or text in a\ndescription, never a tighter schema. The table of gaps and decisions is in the README.\n\nOut of scope, because the interface document does not show them: store orders and other\noperation groups, categories beyond `categoryId`, status transitions, events, paging beyond\n`limit`, rate limits and quotas.\n",
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    }
  },
  "servers": [
    {
      "url": "https://{base_host}/v1",
      "description": "Production ({base_url} in the interface document); set `base_host` to its host.",
      "variables": {
        "base_host": {
          "default": "petstore.example.com"
        }
      }
    },
    {
      "url": "https://{staging_host}/v1",
      "description": "Staging, same path shape ({staging_base_url} in the interface document); set `staging_host`\nto its host.\n",
      "variables": {
        "staging_host": {
          "default": "staging.petstore.example.com"
        }
      }
    },
    {
      "url": "http://{host}:{port}/v1",
      "description": "This project's mock (`npm start`), or `prism mock spec/openapi.yaml`. The mock's own\n`/__mock/openapi.yaml` lists the address it was reached at first.\n",
      "variables": {
        "host": {
          "default": "127.0.0.1"
        },
        "port": {
          "default": "4010"
        }
      }
    }
  ],
  "security": [
    {
      "bearerAuth": []
    }
  ],
  "tags": [
    {
      "name": "animals",
      "description": "Listing, adding and fetching animals (pets)."
    }
  ],
  "paths": {
    "/pets": {
      "get": {
        "operationId": "listPets",
        "x-added-statuses": [
          "400"
        ],
        "summary": "List all animals",
        "description": "Returns at most `limit` animals (20 when `limit` is omitted). With `status`, every returned\nanimal has that status. Paging beyond `limit` is not part of the interface.\nThis project's mock returns animals in creation order, oldest first.\n",
        "tags": [
          "animals"
        ],
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "description": "Maximum number of animals returned: 1 to 100, 20 when omitted. This project's mock\nanswers a `limit` outside 1..100, or one that is not an integer, with 400.\n",
            "schema": {
              "type": "integer",
              "format": "int32",
              "minimum": 1,
              "maximum": 100,
              "default": 20
            },
            "example": 2
          },
          {
            "name": "status",
            "in": "query",
            "required": false,
            "description": "Keeps only animals with this availability status. This project's mock answers an unknown\nvalue with 400.\n",
            "schema": {
              "type": "string",
              "description": "Availability of an animal.",
              "enum": [
                "available",
                "pending",
                "sold"
              ],
              "example": "available"
            },
            "example": "available"
          }
        ],
        "responses": {
          "200": {
            "description": "A list of animals, at most `limit` of them.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "description": "A list of animals; the body of the list response.",
                  "items": {
                    "description": "An animal as returned. Every field of NewPet with the same rules, plus `id`.",
                    "allOf": [
                      {
                        "type": "object",
                        "description": "The body sent when adding an animal. The interface document sets no length or character\nlimits on `name`, so neither does this schema (the mock's body cap bounds it).\n",
                        "required": [
                          "name",
                          "categoryId"
                        ],
                        "properties": {
                          "name": {
                            "type": "string",
                            "description": "The animal's name."
                          },
                          "categoryId": {
                            "type": "integer",
                            "format": "int64",
                            "description": "Identifier of the category the animal belongs to. Any int64 is valid, and this\nproject's mock gives it back digit for digit, also beyond 2^53 - 1 (which a JavaScript\nclient that parses with a plain `JSON.parse` would round on its side). A value beyond\nint64 gets 400.\n"
                          },
                          "status": {
                            "type": "string",
                            "description": "Availability of an animal.",
                            "enum": [
                              "available",
                              "pending",
                              "sold"
                            ],
                            "example": "available"
                          }
                        },
                        "example": {
                          "name": "Rex",
                          "categoryId": 1,
                          "status": "available"
                        }
                      },
                      {
                        "type": "object",
                        "required": [
                          "id"
                        ],
                        "properties": {
                          "id": {
                            "type": "integer",
                            "format": "int64",
                            "description": "Unique identifier assigned by the service on creation. This project's mock assigns\nonly positive integers up to 2^53 - 1.\n"
                          }
                        }
                      }
                    ],
                    "example": {
                      "id": 1,
                      "name": "Rex",
                      "categoryId": 1,
                      "status": "available"
                    }
                  },
                  "example": [
                    {
                      "id": 1,
                      "name": "Rex",
                      "categoryId": 1,
                      "status": "available"
                    }
                  ]
                },
                "examples": {
                  "twoPets": {
                    "summary": "Two available animals",
                    "value": [
                      {
                        "id": 1,
                        "name": "Rex",
                        "categoryId": 1,
                        "status": "available"
                      },
                      {
                        "id": 2,
                        "name": "Tom",
                        "categoryId": 2,
                        "status": "available"
                      }
                    ]
                  }
                }
              }
            }
          },
          "400": {
            "description": "The request holds invalid values: a body that is missing required fields or holds\ninvalid values, malformed JSON, or (the project's choice for gaps in the interface\ndocument) an out-of-range or malformed query parameter.\n",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
                  "required": [
                    "code",
                    "message",
                    "status"
                  ],
                  "properties": {
                    "code": {
                      "type": "string",
                      "description": "Machine-readable error code."
                    },
                    "message": {
                      "type": "string",
                      "description": "Human-readable description."
                    },
                    "status": {
                      "type": "integer",
                      "minimum": 100,
                      "maximum": 599,
                      "description": "The HTTP status code."
                    }
                  }
                },
                "examples": {
                  "limitOutOfRange": {
                    "value": {
                      "code": "invalid_parameter",
                      "message": "limit must be <= 100; received '101'",
                      "status": 400
                    }
                  },
                  "missingField": {
                    "value": {
                      "code": "invalid_body",
                      "message": "body must have required property 'categoryId'",
                      "status": 400
                    }
                  }
                }
              }
            }
          },
          "401": {
            "description": "The API key is missing or invalid.",
            "headers": {
              "WWW-Authenticate": {
                "description": "The authentication challenge (RFC 9110, RFC 6750).",
                "schema": {
                  "type": "string"
                },
                "example": "Bearer realm=\"petstore\""
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
                  "required": [
                    "code",
                    "message",
                    "status"
                  ],
                  "properties": {
                    "code": {
                      "type": "string",
                      "description": "Machine-readable error code."
                    },
                    "message": {
                      "type": "string",
                      "description": "Human-readable description."
                    },
                    "status": {
                      "type": "integer",
                      "minimum": 100,
                      "maximum": 599,
                      "description": "The HTTP status code."
                    }
                  }
                },
                "examples": {
                  "missingKey": {
                    "summary": "No Authorization header",
                    "value": {
                      "code": "unauthorized",
                      "message": "Missing API key: send 'Authorization: Bearer <API_KEY>'.",
                      "status": 401
                    }
                  }
                }
              }
            }
          }
        }
      },
      "post": {
        "operationId": "createPet",
        "x-added-statuses": [
          "413",
          "415",
          "507"
        ],
        "summary": "Add an animal",
        "description": "Adds an animal; the service assigns its `id`. A body missing `name` or `categoryId`, or\nholding invalid values, gets 400. This project's mock stores `available` when `status` is\nomitted (the interface document does not say), ignores fields it does not know and rejects a\nclient-sent `id` with 400, because the client does not choose `id`. A field given twice gets\n400, because JSON parsers disagree on which copy counts.\n",
        "tags": [
          "animals"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "description": "The body sent when adding an animal. The interface document sets no length or character\nlimits on `name`, so neither does this schema (the mock's body cap bounds it).\n",
                "required": [
                  "name",
                  "categoryId"
                ],
                "properties": {
                  "name": {
                    "type": "string",
                    "description": "The animal's name."
                  },
                  "categoryId": {
                    "type": "integer",
                    "format": "int64",
                    "description": "Identifier of the category the animal belongs to. Any int64 is valid, and this\nproject's mock gives it back digit for digit, also beyond 2^53 - 1 (which a JavaScript\nclient that parses with a plain `JSON.parse` would round on its side). A value beyond\nint64 gets 400.\n"
                  },
                  "status": {
                    "type": "string",
                    "description": "Availability of an animal.",
                    "enum": [
                      "available",
                      "pending",
                      "sold"
                    ],
                    "example": "available"
                  }
                },
                "example": {
                  "name": "Rex",
                  "categoryId": 1,
                  "status": "available"
                }
              },
              "examples": {
                "full": {
                  "summary": "Every field",
                  "value": {
                    "name": "Rex",
                    "categoryId": 1,
                    "status": "available"
                  }
                },
                "minimal": {
                  "summary": "Required fields only",
                  "value": {
                    "name": "Tom",
                    "categoryId": 2
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The created animal, with its assigned `id`.",
            "headers": {
              "Location": {
                "description": "Path of the created animal.",
                "schema": {
                  "type": "string"
                },
                "example": "/v1/pets/31"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "description": "An animal as returned. Every field of NewPet with the same rules, plus `id`.",
                  "allOf": [
                    {
                      "type": "object",
                      "description": "The body sent when adding an animal. The interface document sets no length or character\nlimits on `name`, so neither does this schema (the mock's body cap bounds it).\n",
                      "required": [
                        "name",
                        "categoryId"
                      ],
                      "properties": {
                        "name": {
                          "type": "string",
                          "description": "The animal's name."
                        },
                        "categoryId": {
                          "type": "integer",
                          "format": "int64",
                          "description": "Identifier of the category the animal belongs to. Any int64 is valid, and this\nproject's mock gives it back digit for digit, also beyond 2^53 - 1 (which a JavaScript\nclient that parses with a plain `JSON.parse` would round on its side). A value beyond\nint64 gets 400.\n"
                        },
                        "status": {
                          "type": "string",
                          "description": "Availability of an animal.",
                          "enum": [
                            "available",
                            "pending",
                            "sold"
                          ],
                          "example": "available"
                        }
                      },
                      "example": {
                        "name": "Rex",
                        "categoryId": 1,
                        "status": "available"
                      }
                    },
                    {
                      "type": "object",
                      "required": [
                        "id"
                      ],
                      "properties": {
                        "id": {
                          "type": "integer",
                          "format": "int64",
                          "description": "Unique identifier assigned by the service on creation. This project's mock assigns\nonly positive integers up to 2^53 - 1.\n"
                        }
                      }
                    }
                  ],
                  "example": {
                    "id": 1,
                    "name": "Rex",
                    "categoryId": 1,
                    "status": "available"
                  }
                },
                "examples": {
                  "created": {
                    "value": {
                      "id": 31,
                      "name": "Rex",
                      "categoryId": 1,
                      "status": "available"
                    }
                  }
                }
              }
            }
          },
          "400": {
            "description": "The request holds invalid values: a body that is missing required fields or holds\ninvalid values, malformed JSON, or (the project's choice for gaps in the interface\ndocument) an out-of-range or malformed query parameter.\n",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
                  "required": [
                    "code",
                    "message",
                    "status"
                  ],
                  "properties": {
                    "code": {
                      "type": "string",
                      "description": "Machine-readable error code."
                    },
                    "message": {
                      "type": "string",
                      "description": "Human-readable description."
                    },
                    "status": {
                      "type": "integer",
                      "minimum": 100,
                      "maximum": 599,
                      "description": "The HTTP status code."
                    }
                  }
                },
                "examples": {
                  "limitOutOfRange": {
                    "value": {
                      "code": "invalid_parameter",
                      "message": "limit must be <= 100; received '101'",
                      "status": 400
                    }
                  },
                  "missingField": {
                    "value": {
                      "code": "invalid_body",
                      "message": "body must have required property 'categoryId'",
                      "status": 400
                    }
                  }
                }
              }
            }
          },
          "401": {
            "description": "The API key is missing or invalid.",
            "headers": {
              "WWW-Authenticate": {
                "description": "The authentication challenge (RFC 9110, RFC 6750).",
                "schema": {
                  "type": "string"
                },
                "example": "Bearer realm=\"petstore\""
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
                  "required": [
                    "code",
                    "message",
                    "status"
                  ],
                  "properties": {
                    "code": {
                      "type": "string",
                      "description": "Machine-readable error code."
                    },
                    "message": {
                      "type": "string",
                      "description": "Human-readable description."
                    },
                    "status": {
                      "type": "integer",
                      "minimum": 100,
                      "maximum": 599,
                      "description": "The HTTP status code."
                    }
                  }
                },
                "examples": {
                  "missingKey": {
                    "summary": "No Authorization header",
                    "value": {
                      "code": "unauthorized",
                      "message": "Missing API key: send 'Authorization: Bearer <API_KEY>'.",
                      "status": 401
                    }
                  }
                }
              }
            }
          },
          "413": {
            "description": "The request body is larger than the mock accepts (a project choice).",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
                  "required": [
                    "code",
                    "message",
                    "status"
                  ],
                  "properties": {
                    "code": {
                      "type": "string",
                      "description": "Machine-readable error code."
                    },
                    "message": {
                      "type": "string",
                      "description": "Human-readable description."
                    },
                    "status": {
                      "type": "integer",
                      "minimum": 100,
                      "maximum": 599,
                      "description": "The HTTP status code."
                    }
                  }
                },
                "examples": {
                  "tooLarge": {
                    "value": {
                      "code": "payload_too_large",
                      "message": "The request body exceeds 65536 bytes.",
                      "status": 413
                    }
                  }
                }
              }
            }
          },
          "415": {
            "description": "The request body is not `application/json`, or has a content coding.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
                  "required": [
                    "code",
                    "message",
                    "status"
                  ],
                  "properties": {
                    "code": {
                      "type": "string",
                      "description": "Machine-readable error code."
                    },
                    "message": {
                      "type": "string",
                      "description": "Human-readable description."
                    },
                    "status": {
                      "type": "integer",
                      "minimum": 100,
                      "maximum": 599,
                      "description": "The HTTP status code."
                    }
                  }
                },
                "examples": {
                  "notJson": {
                    "value": {
                      "code": "unsupported_media_type",
                      "message": "Content-Type must be application/json; received 'text/plain'",
                      "status": 415
                    }
                  }
                }
              }
            }
          },
          "507": {
            "description": "The animal was not stored, and nothing of it was kept (a project choice; the interface\ndocument shows no quota): the store holds its maximum number of animals (`store_full`),\nor the mock's state file cannot take the write, e.g. a full disk (`storage_failed`).\nReads keep working; a later create may succeed once space is freed.\n",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
                  "required": [
                    "code",
                    "message",
                    "status"
                  ],
                  "properties": {
                    "code": {
                      "type": "string",
                      "description": "Machine-readable error code."
                    },
                    "message": {
                      "type": "string",
                      "description": "Human-readable description."
                    },
                    "status": {
                      "type": "integer",
                      "minimum": 100,
                      "maximum": 599,
                      "description": "The HTTP status code."
                    }
                  }
                },
                "examples": {
                  "storeFull": {
                    "value": {
                      "code": "store_full",
                      "message": "The store holds its maximum of 100000 pets (--max-pets); no pet was created.",
                      "status": 507
                    }
                  },
                  "storageFailed": {
                    "value": {
                      "code": "storage_failed",
                      "message": "The state file cannot take the write (database or disk is full); no pet was created.",
                      "status": 507
                    }
                  }
                }
              }
            }
          }
        }
      }
    },
    "/pets/{petId}": {
      "get": {
        "operationId": "getPet",
        "x-added-statuses": [
          "400"
        ],
        "summary": "Get an animal (deprecated)",
        "description": "Deprecated: removed on 5 December 2030. Use `GET /pets` with a `status` filter instead.\nResponses carry the `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and `Link` headers.\n",
        "tags": [
          "animals"
        ],
        "deprecated": true,
        "x-sunset": "2030-12-05",
        "x-successor": "listPets",
        "parameters": [
          {
            "name": "petId",
            "in": "path",
            "required": true,
            "description": "Identifier of the animal. Any int64 is a well-formed `petId`; this project's mock assigns\nonly identifiers up to 2^53 - 1 (exact in JavaScript), so a larger one is simply not found,\nnever rounded onto another pet. Text that is not an int64 (`1.0`, `1e3`, `+1`, beyond\n±2^63) gets 400.\n",
            "schema": {
              "type": "integer",
              "format": "int64"
            },
            "example": 1
          }
        ],
        "responses": {
          "200": {
            "description": "The animal.",
            "headers": {
              "Deprecation": {
                "description": "RFC 9745 Structured Field Date at which the operation was deprecated (the interface\ndocument gives no date; this project's mock uses 2026-01-01T00:00:00Z).\n",
                "schema": {
                  "type": "string"
                },
                "example": "@1767225600"
              },
              "Sunset": {
                "description": "RFC 8594 HTTP-date at which the operation is removed.",
                "schema": {
                  "type": "string"
                },
                "example": "Thu, 05 Dec 2030 00:00:00 GMT"
              },
              "Link": {
                "description": "Links to the replacement operation (`rel=\"successor-version\"`).",
                "schema": {
                  "type": "string"
                },
                "example": "</v1/pets>; rel=\"successor-version\""
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "description": "An animal as returned. Every field of NewPet with the same rules, plus `id`.",
                  "allOf": [
                    {
                      "type": "object",
                      "description": "The body sent when adding an animal. The interface document sets no length or character\nlimits on `name`, so neither does this schema (the mock's body cap bounds it).\n",
                      "required": [
                        "name",
                        "categoryId"
                      ],
                      "properties": {
                        "name": {
                          "type": "string",
                          "description": "The animal's name."
                        },
                        "categoryId": {
                          "type": "integer",
                          "format": "int64",
                          "description": "Identifier of the category the animal belongs to. Any int64 is valid, and this\nproject's mock gives it back digit for digit, also beyond 2^53 - 1 (which a JavaScript\nclient that parses with a plain `JSON.parse` would round on its side). A value beyond\nint64 gets 400.\n"
                        },
                        "status": {
                          "type": "string",
                          "description": "Availability of an animal.",
                          "enum": [
                            "available",
                            "pending",
                            "sold"
                          ],
                          "example": "available"
                        }
                      },
                      "example": {
                        "name": "Rex",
                        "categoryId": 1,
                        "status": "available"
                      }
                    },
                    {
                      "type": "object",
                      "required": [
                        "id"
                      ],
                      "properties": {
                        "id": {
                          "type": "integer",
                          "format": "int64",
                          "description": "Unique identifier assigned by the service on creation. This project's mock assigns\nonly positive integers up to 2^53 - 1.\n"
                        }
                      }
                    }
                  ],
                  "example": {
                    "id": 1,
                    "name": "Rex",
                    "categoryId": 1,
                    "status": "available"
                  }
                },
                "examples": {
                  "found": {
                    "value": {
                      "id": 1,
                      "name": "Rex",
                      "categoryId": 1,
                      "status": "available"
                    }
                  }
                }
              }
            }
          },
          "400": {
            "description": "`petId` is not an integer that fits in int64. (The interface document does not say\nwhat answers such a `petId`; this is the project's choice.)\n",
            "headers": {
              "Deprecation": {
                "description": "RFC 9745 Structured Field Date at which the operation was deprecated (the interface\ndocument gives no date; this project's mock uses 2026-01-01T00:00:00Z).\n",
                "schema": {
                  "type": "string"
                },
                "example": "@1767225600"
              },
              "Sunset": {
                "description": "RFC 8594 HTTP-date at which the operation is removed.",
                "schema": {
                  "type": "string"
                },
                "example": "Thu, 05 Dec 2030 00:00:00 GMT"
              },
              "Link": {
                "description": "Links to the replacement operation (`rel=\"successor-version\"`).",
                "schema": {
                  "type": "string"
                },
                "example": "</v1/pets>; rel=\"successor-version\""
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
                  "required": [
                    "code",
                    "message",
                    "status"
                  ],
                  "properties": {
                    "code": {
                      "type": "string",
                      "description": "Machine-readable error code."
                    },
                    "message": {
                      "type": "string",
                      "description": "Human-readable description."
                    },
                    "status": {
                      "type": "integer",
                      "minimum": 100,
                      "maximum": 599,
                      "description": "The HTTP status code."
                    }
                  }
                },
                "examples": {
                  "notAnInteger": {
                    "value": {
                      "code": "invalid_parameter",
                      "message": "petId must be an integer (int64); received 'abc'",
                      "status": 400
                    }
                  }
                }
              }
            }
          },
          "401": {
            "description": "The API key is missing or invalid.",
            "headers": {
              "WWW-Authenticate": {
                "description": "The authentication challenge (RFC 9110, RFC 6750).",
                "schema": {
                  "type": "string"
                },
                "example": "Bearer realm=\"petstore\""
              },
              "Deprecation": {
                "description": "RFC 9745 Structured Field Date at which the operation was deprecated (the interface\ndocument gives no date; this project's mock uses 2026-01-01T00:00:00Z).\n",
                "schema": {
                  "type": "string"
                },
                "example": "@1767225600"
              },
              "Sunset": {
                "description": "RFC 8594 HTTP-date at which the operation is removed.",
                "schema": {
                  "type": "string"
                },
                "example": "Thu, 05 Dec 2030 00:00:00 GMT"
              },
              "Link": {
                "description": "Links to the replacement operation (`rel=\"successor-version\"`).",
                "schema": {
                  "type": "string"
                },
                "example": "</v1/pets>; rel=\"successor-version\""
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
                  "required": [
                    "code",
                    "message",
                    "status"
                  ],
                  "properties": {
                    "code": {
                      "type": "string",
                      "description": "Machine-readable error code."
                    },
                    "message": {
                      "type": "string",
                      "description": "Human-readable description."
                    },
                    "status": {
                      "type": "integer",
                      "minimum": 100,
                      "maximum": 599,
                      "description": "The HTTP status code."
                    }
                  }
                },
                "examples": {
                  "missingKey": {
                    "summary": "No Authorization header",
                    "value": {
                      "code": "unauthorized",
                      "message": "Missing API key: send 'Authorization: Bearer <API_KEY>'.",
                      "status": 401
                    }
                  }
                }
              }
            }
          },
          "404": {
            "description": "The animal cannot be found.",
            "headers": {
              "Deprecation": {
                "description": "RFC 9745 Structured Field Date at which the operation was deprecated (the interface\ndocument gives no date; this project's mock uses 2026-01-01T00:00:00Z).\n",
                "schema": {
                  "type": "string"
                },
                "example": "@1767225600"
              },
              "Sunset": {
                "description": "RFC 8594 HTTP-date at which the operation is removed.",
                "schema": {
                  "type": "string"
                },
                "example": "Thu, 05 Dec 2030 00:00:00 GMT"
              },
              "Link": {
                "description": "Links to the replacement operation (`rel=\"successor-version\"`).",
                "schema": {
                  "type": "string"
                },
                "example": "</v1/pets>; rel=\"successor-version\""
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
                  "required": [
                    "code",
                    "message",
                    "status"
                  ],
                  "properties": {
                    "code": {
                      "type": "string",
                      "description": "Machine-readable error code."
                    },
                    "message": {
                      "type": "string",
                      "description": "Human-readable description."
                    },
                    "status": {
                      "type": "integer",
                      "minimum": 100,
                      "maximum": 599,
                      "description": "The HTTP status code."
                    }
                  }
                },
                "examples": {
                  "notFound": {
                    "value": {
                      "code": "not_found",
                      "message": "No pet has id 999.",
                      "status": 404
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "An API key sent as `Authorization: Bearer <API_KEY>` on every operation. A missing or\ninvalid key gets 401 with an Error body. The scheme name is case-insensitive (RFC 9110).\n"
      }
    },
    "parameters": {
      "limit": {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Maximum number of animals returned: 1 to 100, 20 when omitted. This project's mock\nanswers a `limit` outside 1..100, or one that is not an integer, with 400.\n",
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        },
        "example": 2
      },
      "status": {
        "name": "status",
        "in": "query",
        "required": false,
        "description": "Keeps only animals with this availability status. This project's mock answers an unknown\nvalue with 400.\n",
        "schema": {
          "type": "string",
          "description": "Availability of an animal.",
          "enum": [
            "available",
            "pending",
            "sold"
          ],
          "example": "available"
        },
        "example": "available"
      },
      "petId": {
        "name": "petId",
        "in": "path",
        "required": true,
        "description": "Identifier of the animal. Any int64 is a well-formed `petId`; this project's mock assigns\nonly identifiers up to 2^53 - 1 (exact in JavaScript), so a larger one is simply not found,\nnever rounded onto another pet. Text that is not an int64 (`1.0`, `1e3`, `+1`, beyond\n±2^63) gets 400.\n",
        "schema": {
          "type": "integer",
          "format": "int64"
        },
        "example": 1
      }
    },
    "headers": {
      "WWW-Authenticate": {
        "description": "The authentication challenge (RFC 9110, RFC 6750).",
        "schema": {
          "type": "string"
        },
        "example": "Bearer realm=\"petstore\""
      },
      "Location": {
        "description": "Path of the created animal.",
        "schema": {
          "type": "string"
        },
        "example": "/v1/pets/31"
      },
      "Deprecation": {
        "description": "RFC 9745 Structured Field Date at which the operation was deprecated (the interface\ndocument gives no date; this project's mock uses 2026-01-01T00:00:00Z).\n",
        "schema": {
          "type": "string"
        },
        "example": "@1767225600"
      },
      "Sunset": {
        "description": "RFC 8594 HTTP-date at which the operation is removed.",
        "schema": {
          "type": "string"
        },
        "example": "Thu, 05 Dec 2030 00:00:00 GMT"
      },
      "Link": {
        "description": "Links to the replacement operation (`rel=\"successor-version\"`).",
        "schema": {
          "type": "string"
        },
        "example": "</v1/pets>; rel=\"successor-version\""
      }
    },
    "responses": {
      "BadRequest": {
        "description": "The request holds invalid values: a body that is missing required fields or holds\ninvalid values, malformed JSON, or (the project's choice for gaps in the interface\ndocument) an out-of-range or malformed query parameter.\n",
        "content": {
          "application/json": {
            "schema": {
              "type": "object",
              "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
              "required": [
                "code",
                "message",
                "status"
              ],
              "properties": {
                "code": {
                  "type": "string",
                  "description": "Machine-readable error code."
                },
                "message": {
                  "type": "string",
                  "description": "Human-readable description."
                },
                "status": {
                  "type": "integer",
                  "minimum": 100,
                  "maximum": 599,
                  "description": "The HTTP status code."
                }
              }
            },
            "examples": {
              "limitOutOfRange": {
                "value": {
                  "code": "invalid_parameter",
                  "message": "limit must be <= 100; received '101'",
                  "status": 400
                }
              },
              "missingField": {
                "value": {
                  "code": "invalid_body",
                  "message": "body must have required property 'categoryId'",
                  "status": 400
                }
              }
            }
          }
        }
      },
      "Unauthorized": {
        "description": "The API key is missing or invalid.",
        "headers": {
          "WWW-Authenticate": {
            "description": "The authentication challenge (RFC 9110, RFC 6750).",
            "schema": {
              "type": "string"
            },
            "example": "Bearer realm=\"petstore\""
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "type": "object",
              "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
              "required": [
                "code",
                "message",
                "status"
              ],
              "properties": {
                "code": {
                  "type": "string",
                  "description": "Machine-readable error code."
                },
                "message": {
                  "type": "string",
                  "description": "Human-readable description."
                },
                "status": {
                  "type": "integer",
                  "minimum": 100,
                  "maximum": 599,
                  "description": "The HTTP status code."
                }
              }
            },
            "examples": {
              "missingKey": {
                "summary": "No Authorization header",
                "value": {
                  "code": "unauthorized",
                  "message": "Missing API key: send 'Authorization: Bearer <API_KEY>'.",
                  "status": 401
                }
              }
            }
          }
        }
      },
      "PayloadTooLarge": {
        "description": "The request body is larger than the mock accepts (a project choice).",
        "content": {
          "application/json": {
            "schema": {
              "type": "object",
              "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
              "required": [
                "code",
                "message",
                "status"
              ],
              "properties": {
                "code": {
                  "type": "string",
                  "description": "Machine-readable error code."
                },
                "message": {
                  "type": "string",
                  "description": "Human-readable description."
                },
                "status": {
                  "type": "integer",
                  "minimum": 100,
                  "maximum": 599,
                  "description": "The HTTP status code."
                }
              }
            },
            "examples": {
              "tooLarge": {
                "value": {
                  "code": "payload_too_large",
                  "message": "The request body exceeds 65536 bytes.",
                  "status": 413
                }
              }
            }
          }
        }
      },
      "UnsupportedMediaType": {
        "description": "The request body is not `application/json`, or has a content coding.",
        "content": {
          "application/json": {
            "schema": {
              "type": "object",
              "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
              "required": [
                "code",
                "message",
                "status"
              ],
              "properties": {
                "code": {
                  "type": "string",
                  "description": "Machine-readable error code."
                },
                "message": {
                  "type": "string",
                  "description": "Human-readable description."
                },
                "status": {
                  "type": "integer",
                  "minimum": 100,
                  "maximum": 599,
                  "description": "The HTTP status code."
                }
              }
            },
            "examples": {
              "notJson": {
                "value": {
                  "code": "unsupported_media_type",
                  "message": "Content-Type must be application/json; received 'text/plain'",
                  "status": 415
                }
              }
            }
          }
        }
      },
      "InsufficientStorage": {
        "description": "The animal was not stored, and nothing of it was kept (a project choice; the interface\ndocument shows no quota): the store holds its maximum number of animals (`store_full`),\nor the mock's state file cannot take the write, e.g. a full disk (`storage_failed`).\nReads keep working; a later create may succeed once space is freed.\n",
        "content": {
          "application/json": {
            "schema": {
              "type": "object",
              "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
              "required": [
                "code",
                "message",
                "status"
              ],
              "properties": {
                "code": {
                  "type": "string",
                  "description": "Machine-readable error code."
                },
                "message": {
                  "type": "string",
                  "description": "Human-readable description."
                },
                "status": {
                  "type": "integer",
                  "minimum": 100,
                  "maximum": 599,
                  "description": "The HTTP status code."
                }
              }
            },
            "examples": {
              "storeFull": {
                "value": {
                  "code": "store_full",
                  "message": "The store holds its maximum of 100000 pets (--max-pets); no pet was created.",
                  "status": 507
                }
              },
              "storageFailed": {
                "value": {
                  "code": "storage_failed",
                  "message": "The state file cannot take the write (database or disk is full); no pet was created.",
                  "status": 507
                }
              }
            }
          }
        }
      }
    },
    "examples": {
      "MissingKey": {
        "summary": "No Authorization header",
        "value": {
          "code": "unauthorized",
          "message": "Missing API key: send 'Authorization: Bearer <API_KEY>'.",
          "status": 401
        }
      }
    },
    "schemas": {
      "PetStatus": {
        "type": "string",
        "description": "Availability of an animal.",
        "enum": [
          "available",
          "pending",
          "sold"
        ],
        "example": "available"
      },
      "NewPet": {
        "type": "object",
        "description": "The body sent when adding an animal. The interface document sets no length or character\nlimits on `name`, so neither does this schema (the mock's body cap bounds it).\n",
        "required": [
          "name",
          "categoryId"
        ],
        "properties": {
          "name": {
            "type": "string",
            "description": "The animal's name."
          },
          "categoryId": {
            "type": "integer",
            "format": "int64",
            "description": "Identifier of the category the animal belongs to. Any int64 is valid, and this\nproject's mock gives it back digit for digit, also beyond 2^53 - 1 (which a JavaScript\nclient that parses with a plain `JSON.parse` would round on its side). A value beyond\nint64 gets 400.\n"
          },
          "status": {
            "type": "string",
            "description": "Availability of an animal.",
            "enum": [
              "available",
              "pending",
              "sold"
            ],
            "example": "available"
          }
        },
        "example": {
          "name": "Rex",
          "categoryId": 1,
          "status": "available"
        }
      },
      "Pet": {
        "description": "An animal as returned. Every field of NewPet with the same rules, plus `id`.",
        "allOf": [
          {
            "type": "object",
            "description": "The body sent when adding an animal. The interface document sets no length or character\nlimits on `name`, so neither does this schema (the mock's body cap bounds it).\n",
            "required": [
              "name",
              "categoryId"
            ],
            "properties": {
              "name": {
                "type": "string",
                "description": "The animal's name."
              },
              "categoryId": {
                "type": "integer",
                "format": "int64",
                "description": "Identifier of the category the animal belongs to. Any int64 is valid, and this\nproject's mock gives it back digit for digit, also beyond 2^53 - 1 (which a JavaScript\nclient that parses with a plain `JSON.parse` would round on its side). A value beyond\nint64 gets 400.\n"
              },
              "status": {
                "type": "string",
                "description": "Availability of an animal.",
                "enum": [
                  "available",
                  "pending",
                  "sold"
                ],
                "example": "available"
              }
            },
            "example": {
              "name": "Rex",
              "categoryId": 1,
              "status": "available"
            }
          },
          {
            "type": "object",
            "required": [
              "id"
            ],
            "properties": {
              "id": {
                "type": "integer",
                "format": "int64",
                "description": "Unique identifier assigned by the service on creation. This project's mock assigns\nonly positive integers up to 2^53 - 1.\n"
              }
            }
          }
        ],
        "example": {
          "id": 1,
          "name": "Rex",
          "categoryId": 1,
          "status": "available"
        }
      },
      "Pets": {
        "type": "array",
        "description": "A list of animals; the body of the list response.",
        "items": {
          "description": "An animal as returned. Every field of NewPet with the same rules, plus `id`.",
          "allOf": [
            {
              "type": "object",
              "description": "The body sent when adding an animal. The interface document sets no length or character\nlimits on `name`, so neither does this schema (the mock's body cap bounds it).\n",
              "required": [
                "name",
                "categoryId"
              ],
              "properties": {
                "name": {
                  "type": "string",
                  "description": "The animal's name."
                },
                "categoryId": {
                  "type": "integer",
                  "format": "int64",
                  "description": "Identifier of the category the animal belongs to. Any int64 is valid, and this\nproject's mock gives it back digit for digit, also beyond 2^53 - 1 (which a JavaScript\nclient that parses with a plain `JSON.parse` would round on its side). A value beyond\nint64 gets 400.\n"
                },
                "status": {
                  "type": "string",
                  "description": "Availability of an animal.",
                  "enum": [
                    "available",
                    "pending",
                    "sold"
                  ],
                  "example": "available"
                }
              },
              "example": {
                "name": "Rex",
                "categoryId": 1,
                "status": "available"
              }
            },
            {
              "type": "object",
              "required": [
                "id"
              ],
              "properties": {
                "id": {
                  "type": "integer",
                  "format": "int64",
                  "description": "Unique identifier assigned by the service on creation. This project's mock assigns\nonly positive integers up to 2^53 - 1.\n"
                }
              }
            }
          ],
          "example": {
            "id": 1,
            "name": "Rex",
            "categoryId": 1,
            "status": "available"
          }
        },
        "example": [
          {
            "id": 1,
            "name": "Rex",
            "categoryId": 1,
            "status": "available"
          }
        ]
      },
      "Error": {
        "type": "object",
        "description": "The body of every error response. `status` repeats the HTTP status code. The set of\n`code` values is not part of the interface; this project's mock uses `unauthorized`,\n`invalid_parameter`, `invalid_body`, `malformed_json`, `read_only_field`,\n`not_found`, `route_not_found`, `method_not_allowed`,\n`payload_too_large`, `unsupported_media_type`, `store_full` and `storage_failed` (507),\n`malformed_request` (HTTP that is not valid HTTP/1.1), and on the HTTP mock\n`session_evicted` (a session evicted for room), `host_not_allowed` and `cross_site_request`.\n",
        "required": [
          "code",
          "message",
          "status"
        ],
        "properties": {
          "code": {
            "type": "string",
            "description": "Machine-readable error code."
          },
          "message": {
            "type": "string",
            "description": "Human-readable description."
          },
          "status": {
            "type": "integer",
            "minimum": 100,
            "maximum": 599,
            "description": "The HTTP status code."
          }
        }
      }
    }
  }
}
